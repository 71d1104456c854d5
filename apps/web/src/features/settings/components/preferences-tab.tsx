import {
  BANNED_LIST_CAP,
  normaliseBannedIds,
  normaliseBannedTerms,
  sellingRegions,
} from '@crossmarket/domain';
import { App, Button, Card, Col, Form, Input, Row, Select, Skeleton, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { zodRules } from '../../../lib/zod-form';
import { useBannedContents, useSaveBannedContents, useSavePreferences } from '../../account';
import { useMe } from '../../account';

export function PreferencesTab() {
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <CommunicationLanguage />
      <BannedContents />
    </Space>
  );
}

function CommunicationLanguage() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const save = useSavePreferences();
  const { message } = App.useApp();
  if (!me) return <Skeleton active />;
  return (
    <Card title={t('preferences.commLang')} style={{ maxWidth: 560 }}>
      <Form
        layout="inline"
        initialValues={{ comm_lang: me.profile.comm_lang }}
        onFinish={(v: { comm_lang: 'en' | 'tr' }) =>
          save.mutate(v, {
            onSuccess: () => message.success(t('common.success'), 3),
            onError: (e) => message.error(errorMessage(e, t), 4),
          })
        }
      >
        <Form.Item name="comm_lang" rules={zodRules((s) => s.commLangSchema, 'comm_lang')}>
          <Select
            aria-label={t('preferences.commLang')}
            style={{ width: 160 }}
            options={[
              { value: 'en', label: t('languages.en') },
              { value: 'tr', label: t('languages.tr') },
            ]}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}

type Kind = 'pids' | 'brands' | 'keywords';
const KINDS: Kind[] = ['pids', 'brands', 'keywords'];
const normalise = (kind: Kind, text: string) =>
  kind === 'pids' ? normaliseBannedIds(text) : normaliseBannedTerms(text);

function BannedContents() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const saved = useBannedContents();
  const save = useSaveBannedContents();
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  if (!saved.data) return <Skeleton active />;
  const key = (kind: Kind, region: string) => `${kind}:${region}`;
  const textOf = (kind: Kind, region: string) =>
    drafts[key(kind, region)] ?? (saved.data[kind][region] ?? []).join('\n');

  const onSave = () => {
    const body = Object.fromEntries(
      KINDS.map((kind) => [
        kind,
        Object.fromEntries(sellingRegions().map((r) => [r.code, textOf(kind, r.code)])),
      ]),
    );
    save.mutate(body, {
      onSuccess: () => {
        setDrafts({});
        message.success(t('common.success'), 3);
      },
      onError: (e) => message.error(errorMessage(e, t), 5),
    });
  };

  return (
    <Card title={t('preferences.banned.title')}>
      <Typography.Paragraph type="secondary">
        {t('preferences.banned.intro', { cap: BANNED_LIST_CAP })}
      </Typography.Paragraph>
      <Tabs
        items={sellingRegions().map((region) => ({
          key: region.code,
          label: `${region.flag} ${region.code.toUpperCase()}`,
          children: (
            <Row gutter={16}>
              {KINDS.map((kind) => {
                const count = normalise(kind, textOf(kind, region.code)).length;
                return (
                  <Col xs={24} lg={8} key={kind}>
                    <Typography.Text strong>{t(`preferences.banned.${kind}`)}</Typography.Text>
                    <Input.TextArea
                      aria-label={`${t(`preferences.banned.${kind}`)} ${region.code.toUpperCase()}`}
                      rows={8}
                      value={textOf(kind, region.code)}
                      onChange={(e) => setDrafts((d) => ({ ...d, [key(kind, region.code)]: e.target.value }))}
                      status={count > BANNED_LIST_CAP ? 'error' : undefined}
                    />
                    <Typography.Text
                      type={count > BANNED_LIST_CAP ? 'danger' : 'secondary'}
                      style={{ fontSize: 12 }}
                    >
                      {t('preferences.banned.count', { count, cap: BANNED_LIST_CAP })}
                    </Typography.Text>
                  </Col>
                );
              })}
            </Row>
          ),
        }))}
      />
      <Button type="primary" onClick={onSave} loading={save.isPending} style={{ marginTop: 16 }}>
        {t('common.save')}
      </Button>
    </Card>
  );
}
