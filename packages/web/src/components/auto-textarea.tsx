import { textareaRows } from '@ecofoyer/contracts';
import { Textarea, type TextareaProps } from '@mantine/core';

/** product §5/§9: grows by one row per 30 characters, at most 10 rows. */
export function AutoTextarea(props: TextareaProps & { value?: string }) {
  return <Textarea {...props} rows={textareaRows(props.value ?? '')} autosize={false} />;
}
