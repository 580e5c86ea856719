import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';

type Shown = { kind: 'success' | 'error'; message: ReactNode; title?: string; seq: number };

export interface FormOutcomeControl {
  /** What the last submission ended with, or nothing. */
  shown: Shown | null;
  succeeded(message: ReactNode, title?: string): void;
  failed(message: ReactNode, title?: string): void;
  clear(): void;
  /** Mantine form's `onSubmit(…, outcome.invalid)`: the first field in error gets the focus once it shows. */
  invalid(): void;
  invalidSeq: number;
}

/**
 * A form's outcome, said where the person is looking: on a phone the submit
 * button is at the bottom of a long form and a message at its top is 1,000 px away — nothing seems
 * to happen. Shown with `<FormOutcome>` right above the form's buttons; a refusal takes the focus
 * (a screen reader reads it, the keyboard is there), a success is brought into view, and a
 * validation failure moves the focus to the first field in error.
 */
export function useFormOutcome(): FormOutcomeControl {
  const [shown, setShown] = useState<Shown | null>(null);
  const [invalidSeq, setInvalidSeq] = useState(0);
  const seq = useRef(0);
  const show = useCallback((kind: Shown['kind'], message: ReactNode, title?: string) => {
    seq.current += 1;
    setShown({ kind, message, title, seq: seq.current });
  }, []);
  return useMemo(
    () => ({
      shown,
      succeeded: (message, title) => show('success', message, title),
      failed: (message, title) => show('error', message, title),
      clear: () => setShown(null),
      invalid: () => {
        setShown(null);
        setInvalidSeq((n) => n + 1);
      },
      invalidSeq,
    }),
    [shown, invalidSeq, show],
  );
}

/** The outcome of `useFormOutcome`, placed just above the submit button (inside the `<form>`). */
export function FormOutcome({ outcome }: { outcome: FormOutcomeControl }) {
  const box = useRef<HTMLDivElement>(null);
  const { shown, invalidSeq } = outcome;
  useEffect(() => {
    const alert = box.current?.querySelector<HTMLElement>('[data-form-outcome]');
    if (!shown || !alert) return;
    // The message pushes the buttons below it down: they stay in sight too, above a phone's tab bar
    // (html's scroll-padding-bottom), then the message itself.
    const actions = box.current?.closest('form')?.querySelector<HTMLElement>('[type="submit"]') ?? box.current?.nextElementSibling;
    actions?.scrollIntoView?.({ block: 'nearest' });
    alert.scrollIntoView?.({ block: 'nearest' });
    if (shown.kind === 'error') alert.focus({ preventScroll: true });
  }, [shown]);
  useEffect(() => {
    if (invalidSeq === 0) return;
    // Mantine marks a field in error with aria-invalid once the errors are rendered (this effect runs after).
    const scope = box.current?.closest('form') ?? box.current?.parentElement;
    const field = scope?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    field.focus({ preventScroll: true });
    field.scrollIntoView?.({ block: 'center' });
  }, [invalidSeq]);
  return (
    <div ref={box}>
      {shown && (
        <Alert
          key={shown.seq}
          data-form-outcome
          tabIndex={-1}
          color={shown.kind === 'success' ? 'eco' : 'red'}
          icon={shown.kind === 'success' ? <IconCircleCheck /> : <IconAlertCircle />}
          title={shown.title}
          role={shown.kind === 'success' ? 'status' : 'alert'}
        >
          {shown.message}
        </Alert>
      )}
    </div>
  );
}
