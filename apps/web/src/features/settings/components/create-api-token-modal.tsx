import { CopyOutlined } from '@ant-design/icons';
import {
  API_TOKEN_ERRORS,
  API_TOKEN_EXPIRY_DAYS,
  API_TOKEN_LIMIT,
  API_TOKEN_NAME_MAX,
  API_TOKEN_RECENT_SIGN_IN_MINUTES,
  API_TOKEN_SCOPES,
  DEFAULT_API_TOKEN_SCOPES,
  type ApiTokenCreated,
  type ApiTokenScope,
} from '@crossmarket/domain';
import { Alert, App, Button, Checkbox, Form, Input, Modal, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { zodRules } from '../../../lib/zod-form';
import { useCreateApiToken } from '../api/api-tokens';

const DAY = 86_400;
/** The expiry select's "never" (a Select option needs a value; the body sends null). */
const NEVER = 0;

interface Values {
  name: string;
  expiresIn: number;
  password?: string;
  scopes: ApiTokenScope[];
}

/** better-auth's refusals the user can act on, in the user's language; anything else is generic. */
const REFUSALS: Record<string, string> = {
  [API_TOKEN_ERRORS.limitReached]: 'apiTokens.limitReached',
  VALIDATION_ERROR: 'apiTokens.invalid',
};

/**
 * Names the token, its lifetime and what it may do (scopes), then shows the new key once, to copy.
 * `initialName` fills the name (Settings → Extension's "Browser extension"); `fixedScopes` are the scopes
 * the token gets without a choice (the extension's: never a write to Amazon); `children` add to the
 * key's dialog (what to do with it).
 */
export function CreateApiTokenModal({
  open,
  onClose,
  initialName,
  fixedScopes,
  children,
}: {
  open: boolean;
  onClose: () => void;
  initialName?: string;
  fixedScopes?: readonly ApiTokenScope[];
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const create = useCreateApiToken();
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The server asks for the password when the sign-in is not recent (a cookie alone mints no token).
  const [askPassword, setAskPassword] = useState(false);

  const close = () => {
    setCreated(null);
    setFailure(null);
    setAskPassword(false);
    create.reset();
    onClose();
  };

  const submit = async ({ name, expiresIn, password, scopes }: Values) => {
    setFailure(null);
    try {
      const token = await create.mutateAsync({
        name: name.trim(),
        expiresIn: expiresIn === NEVER ? null : expiresIn,
        scopes: [...(fixedScopes ?? scopes)],
        ...(askPassword && password ? { password } : {}),
      });
      form.resetFields();
      setAskPassword(false);
      setCreated(token);
    } catch (error) {
      const code = error instanceof ApiError ? error.code : undefined;
      if (code === API_TOKEN_ERRORS.passwordRequired) {
        setAskPassword(true);
      } else if (code === API_TOKEN_ERRORS.wrongPassword) {
        form.setFields([{ name: 'password', value: '', errors: [t('apiTokens.wrongPassword')] }]);
      } else if (error instanceof ApiError && error.status === 429) {
        setFailure(errorMessage(error, t));
      } else {
        const key = code ? REFUSALS[code] : undefined;
        setFailure(t(key ?? 'apiTokens.createFailed', { limit: API_TOKEN_LIMIT }));
      }
    }
  };

  if (created) {
    return (
      <Modal
        open={open}
        title={t('apiTokens.createdTitle')}
        onCancel={close}
        maskClosable={false}
        destroyOnHidden
        footer={
          <Button type="primary" onClick={close}>
            {t('apiTokens.done')}
          </Button>
        }
      >
        <NewKey token={created} />
        {children}
      </Modal>
    );
  }

  return (
    <Modal
      open={open}
      title={t('apiTokens.createTitle')}
      onCancel={close}
      onOk={() => form.submit()}
      okText={t('apiTokens.createSubmit')}
      cancelText={t('apiTokens.cancel')}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        name="create-api-token"
        layout="vertical"
        onFinish={submit}
        initialValues={{ expiresIn: 90 * DAY, name: initialName, scopes: [...DEFAULT_API_TOKEN_SCOPES] }}
        disabled={create.isPending}
      >
        <Form.Item
          name="name"
          label={t('apiTokens.name')}
          extra={t('apiTokens.nameHelp')}
          rules={zodRules((s) => s.apiTokenCreateSchema, 'name')}
        >
          {/* Enter creates: the OK button is the modal's, outside the form, so the form has no submit. */}
          <Input
            maxLength={API_TOKEN_NAME_MAX}
            autoFocus
            autoComplete="off"
            onPressEnter={() => form.submit()}
          />
        </Form.Item>
        <Form.Item name="expiresIn" label={t('apiTokens.expiry')}>
          <Select
            options={[
              ...API_TOKEN_EXPIRY_DAYS.map((days) => ({
                value: days * DAY,
                label: t('apiTokens.expiryDays', { count: days }),
              })),
              { value: NEVER, label: t('apiTokens.expiryNever') },
            ]}
          />
        </Form.Item>
        {fixedScopes ? (
          <Typography.Paragraph type="secondary">
            {t('apiTokens.fixedScopes', {
              scopes: fixedScopes.map((s) => t(`apiTokens.scope.${s}`)).join(', '),
            })}
          </Typography.Paragraph>
        ) : (
          <Form.Item
            name="scopes"
            label={t('apiTokens.scopes')}
            extra={t('apiTokens.scopesHelp')}
            rules={zodRules((s) => s.apiTokenCreateSchema, 'scopes')}
          >
            <Checkbox.Group
              options={API_TOKEN_SCOPES.map((s) => ({ value: s, label: t(`apiTokens.scope.${s}`) }))}
            />
          </Form.Item>
        )}
        {askPassword && (
          <>
            <Alert
              type="info"
              showIcon
              title={t('apiTokens.passwordNeeded', { minutes: API_TOKEN_RECENT_SIGN_IN_MINUTES })}
              style={{ marginBottom: 16 }}
            />
            <Form.Item
              name="password"
              label={t('apiTokens.password')}
              rules={zodRules((s) => s.apiTokenCreateWithPasswordSchema, 'password')}
            >
              <Input.Password autoFocus autoComplete="current-password" onPressEnter={() => form.submit()} />
            </Form.Item>
          </>
        )}
        {failure && <Alert type="error" showIcon title={failure} role="alert" />}
      </Form>
    </Modal>
  );
}

/** The key, once: read-only, selectable, with a copy button and the warning that it will not come back. */
function NewKey({ token }: { token: ApiTokenCreated }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const copy = () =>
    void navigator.clipboard
      ?.writeText(token.key)
      .then(() => message.success(t('apiTokens.copied'), 2))
      .catch(() => message.error(t('apiTokens.copyFailed'), 3));
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Alert type="warning" showIcon title={t('apiTokens.shownOnce')} />
      <Typography.Text strong>{token.name}</Typography.Text>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          readOnly
          value={token.key}
          aria-label={t('apiTokens.keyLabel')}
          data-testid="new-api-token"
          onFocus={(e) => e.target.select()}
          style={{ fontFamily: 'monospace' }}
        />
        <Button icon={<CopyOutlined />} onClick={copy}>
          {t('apiTokens.copy')}
        </Button>
      </Space.Compact>
    </Space>
  );
}
