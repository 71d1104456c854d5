import { Flex } from 'antd';
import { useId } from 'react';

/** A labelled control (a select): the label is visible text the control is named by (`aria-labelledby`). */
export function Labelled({ label, children }: { label: string; children: (id: string) => React.ReactNode }) {
  const id = useId();
  return (
    <Flex gap={8} align="center">
      <span id={id}>{label}</span>
      {children(id)}
    </Flex>
  );
}
