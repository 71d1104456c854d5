import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isInaccessible } from '@testing-library/dom';
import { Button, Collapse, Form, Input, Modal, Select, Tabs } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { setLeanStylesheets } from './lean-stylesheets';

/** Re-parses every <style> in the document under the current setting (jsdom parses on text change). */
function reparseStyles() {
  for (const style of document.querySelectorAll('style')) style.textContent = `${style.textContent} `;
}

const ruleCount = () => [...document.styleSheets].reduce((n, sheet) => n + sheet.cssRules.length, 0);

/** What the tests rely on of each element: shown or hidden, to a person and to Testing Library. */
function visibilityOfEveryElement() {
  return [...document.body.querySelectorAll('*')].map((el) => {
    const style = getComputedStyle(el);
    return [
      el.tagName,
      el.className,
      style.display,
      style.visibility,
      style.opacity,
      style.pointerEvents,
      isInaccessible(el),
    ].join('|');
  });
}

function Screen() {
  return (
    <>
      <Form>
        <Form.Item label="Name" name="name" rules={[{ required: true, message: 'Enter a name' }]}>
          <Input />
        </Form.Item>
        <Button htmlType="submit">Save</Button>
      </Form>
      <Select aria-label="Country" open options={[{ value: 'us', label: 'US' }]} />
      <Select aria-label="Closed" options={[{ value: 'ca', label: 'CA' }]} />
      <Tabs
        items={[
          { key: 'a', label: 'A', children: 'First pane' },
          { key: 'b', label: 'B', children: 'Second pane', forceRender: true },
        ]}
      />
      <Collapse items={[{ key: '1', label: 'More', children: 'Hidden body', forceRender: true }]} />
      <Modal open title="Dialog">
        Body
      </Modal>
    </>
  );
}

afterEach(() => setLeanStylesheets(true));

describe('the lean stylesheets of the web tests', () => {
  it('leave every element of an antd screen exactly as shown or hidden as the full sheets do', async () => {
    setLeanStylesheets(false);
    render(<Screen />);
    await userEvent.click(screen.getByText('Save'));
    await screen.findByText('Enter a name');
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(1));
    reparseStyles();
    const fullRules = ruleCount();
    const full = visibilityOfEveryElement();

    setLeanStylesheets(true);
    reparseStyles();
    const lean = visibilityOfEveryElement();

    expect(lean).toEqual(full);
    // The screen does exercise hidden parts, and the sheets did get smaller.
    expect(full.some((row) => row.includes('|none|'))).toBe(true);
    expect(full.some((row) => row.endsWith('|true'))).toBe(true);
    expect(ruleCount()).toBeLessThan(fullRules / 2);
  });
});
