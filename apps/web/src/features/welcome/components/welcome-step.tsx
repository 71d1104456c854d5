import { Button, Result } from 'antd';
import confetti from 'canvas-confetti';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const CONFETTI_MS = 3200;

/** Confetti on a canvas of our own, drawn on the main thread (a worker from a blob URL would need a looser CSP). */
function celebrate() {
  const canvas = document.createElement('canvas');
  Object.assign(canvas.style, {
    position: 'fixed',
    inset: '0',
    width: '100%',
    height: '100%',
    pointerEvents: 'none',
    zIndex: '2000',
  });
  document.body.appendChild(canvas);
  const fire = confetti.create(canvas, { resize: true, useWorker: false });
  void fire({ particleCount: 160, spread: 90, origin: { y: 0.6 } });
  setTimeout(() => canvas.remove(), CONFETTI_MS + 500);
}

/** Step 0: a welcome, and "Let's Go" celebrates for 3.2 seconds before the Info step. */
export function WelcomeStep({ onNext }: { onNext: () => void }) {
  const { t } = useTranslation();
  const [celebrating, setCelebrating] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const go = () => {
    setCelebrating(true);
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (!reduced) celebrate();
    timer.current = setTimeout(onNext, CONFETTI_MS);
  };
  return (
    <Result
      status="success"
      title={t('welcome.hello')}
      subTitle={t('welcome.intro')}
      extra={
        <Button type="primary" size="large" onClick={go} loading={celebrating}>
          {t('welcome.letsGo')}
        </Button>
      }
    />
  );
}
