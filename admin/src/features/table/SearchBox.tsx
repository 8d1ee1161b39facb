import { useState } from 'react';
import { Input } from 'antd';

/**
 * The table's search box. The router applies URL changes in a transition, so while the box has
 * focus it shows what is typed rather than the URL, which may be a keystroke behind; otherwise it
 * shows the URL's value (after Back, for example).
 */
export function SearchBox(props: {
  value: string;
  placeholder: string;
  onChange: (value: string) => void;
}) {
  const [focused, setFocused] = useState(false);
  const [text, setText] = useState(props.value);
  return (
    <Input.Search
      allowClear
      aria-label="Search"
      placeholder={props.placeholder}
      value={focused ? text : props.value}
      onFocus={() => {
        setText(props.value);
        setFocused(true);
      }}
      onBlur={() => setFocused(false)}
      onChange={(e) => {
        setText(e.target.value);
        props.onChange(e.target.value);
      }}
      style={{ width: 260 }}
    />
  );
}
