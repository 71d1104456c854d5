import { Alert, Button, Card, Flex, Progress, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format-number';
import type { DedupeProgress, DedupeResult } from '../dedupe';
import type { DedupeRunner } from '../dedupe-runner';
import { DuplicatesPreview } from './duplicates-preview';
import { ListingsDropzone } from './listings-dropzone';

type State =
  | { step: 'idle' }
  | { step: 'checking'; name: string; progress: DedupeProgress }
  | { step: 'failed'; name: string }
  | { step: 'checked'; name: string; result: DedupeResult };

/** The Duplicated ASIN Remover: choose a file → checking (progress) → what is wrong, or the preview. */
export function DuplicateRemover({ runner }: { runner: DedupeRunner }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ step: 'idle' });
  const [refused, setRefused] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);
  // Where keyboard focus goes once the part that held it is gone: the outcome, or the drop area again.
  const focusNext = useRef<'outcome' | 'dropzone' | null>(null);
  const outcome = useRef<HTMLDivElement>(null);
  const zone = useRef<HTMLDivElement>(null);

  // Leaving the page ends a check still running (and its worker).
  useEffect(() => () => running.current?.abort(), []);
  useEffect(() => {
    if (focusNext.current === 'outcome') outcome.current?.focus();
    if (focusNext.current === 'dropzone')
      zone.current?.querySelector<HTMLElement>('[role="button"]')?.focus();
    focusNext.current = null;
  }, [state]);

  const check = async (file: File) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setRefused(null);
    const name = file.name;
    setState({ step: 'checking', name, progress: { phase: 'reading', percent: 0 } });
    try {
      const result = await runner(
        file,
        (progress) => !controller.signal.aborted && setState({ step: 'checking', name, progress }),
        controller.signal,
      );
      if (controller.signal.aborted) return;
      focusNext.current = 'outcome';
      setState({ step: 'checked', name, result });
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error('the listings file could not be checked:', error);
      focusNext.current = 'outcome';
      setState({ step: 'failed', name });
    }
  };

  const reset = () => {
    running.current?.abort();
    setRefused(null);
    focusNext.current = 'dropzone';
    setState({ step: 'idle' });
  };

  const refuse = (reasonKey: string) => {
    if (state.step === 'checking') return;
    setRefused(reasonKey);
    setState({ step: 'idle' });
  };

  const showZone =
    state.step === 'idle' || state.step === 'failed' || !!(state.step === 'checked' && state.result.problem);
  return (
    <Card
      title={
        <Typography.Title level={3} style={{ margin: 0, fontSize: 16 }}>
          {t('tools.remover.title')}
        </Typography.Title>
      }
    >
      <Flex vertical gap={16}>
        <Typography.Paragraph style={{ margin: 0 }}>{t('tools.remover.intro')}</Typography.Paragraph>
        {refused && <Alert type="error" showIcon title={t(refused)} data-testid="remover-refused" />}
        {state.step === 'checking' && (
          <Flex vertical gap={8} data-testid="remover-checking">
            <Typography.Text role="status">
              {t(`tools.remover.${state.progress.phase}`, { name: state.name })}
            </Typography.Text>
            <Progress percent={state.progress.percent} aria-label={t('tools.remover.progress')} />
            <div>
              <Button onClick={reset}>{t('tools.remover.cancel')}</Button>
            </div>
          </Flex>
        )}
        {(state.step === 'failed' || state.step === 'checked') && (
          <Flex vertical gap={16} ref={outcome} tabIndex={-1} style={{ outline: 'none' }}>
            {state.step === 'failed' ? (
              <Alert type="error" showIcon title={t('tools.remover.errors.read')} description={state.name} />
            ) : state.result.problem ? (
              <Alert
                type="error"
                showIcon
                title={t(`tools.remover.errors.${state.result.problem}`)}
                description={state.name}
                data-testid="remover-problem"
              />
            ) : (
              <Checked name={state.name} result={state.result} onReset={reset} />
            )}
          </Flex>
        )}
        {showZone && (
          <div ref={zone}>
            <ListingsDropzone onFile={(file) => void check(file)} onRefuse={refuse} />
          </div>
        )}
      </Flex>
    </Card>
  );
}

/** A usable file: its counts, then the preview or "nothing to remove", and a way to start over. */
function Checked({ name, result, onReset }: { name: string; result: DedupeResult; onReset: () => void }) {
  const { t, i18n } = useTranslation();
  const counted = (key: string, count: number) =>
    t(key, { count, formatted: formatNumber(count, i18n.language) });
  return (
    <>
      <Alert
        type="success"
        showIcon
        title={t('tools.remover.fileOk')}
        description={counted('tools.remover.ready', result.skuCount)}
        data-testid="remover-ok"
      />
      {result.skipped > 0 && (
        <Typography.Text type="secondary">{counted('tools.remover.skipped', result.skipped)}</Typography.Text>
      )}
      {result.duplicates.length === 0 ? (
        <Alert type="info" showIcon title={t('tools.remover.noDuplicates')} data-testid="remover-none" />
      ) : (
        <DuplicatesPreview key={name} fileName={name} duplicates={result.duplicates} />
      )}
      <div>
        <Button onClick={onReset}>{t('tools.remover.another')}</Button>
      </div>
    </>
  );
}
