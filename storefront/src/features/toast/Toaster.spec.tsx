import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createStore } from '../../app/store.js';
import { Toaster } from './Toaster.js';
import { showToast } from './toastSlice.js';

function setup() {
  const store = createStore(undefined);
  render(
    <Provider store={store}>
      <Toaster />
    </Provider>,
  );
  const show = (title: string, extra = {}) =>
    act(() => void store.dispatch(showToast({ title, ...extra })));
  return { store, show };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('shows at most one toast: a new one replaces the last', () => {
  const { show } = setup();
  show('First');
  show('Second');
  expect(screen.queryByText('First')).toBeNull();
  expect(screen.getAllByRole('status')).toHaveLength(1);
  expect(screen.getByRole('status')).toHaveTextContent('Second');
});

it('hides a toast after 5000 ms by default, or after its own duration', () => {
  const { show } = setup();
  show('Default');
  act(() => jest.advanceTimersByTime(4999));
  expect(screen.getByText('Default')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1));
  expect(screen.queryByText('Default')).toBeNull();
  show('Longer', { duration: 6000 });
  act(() => jest.advanceTimersByTime(5999));
  expect(screen.getByText('Longer')).toBeInTheDocument();
});

it('moves focus to the notifications with F8', () => {
  const { show } = setup();
  show('Hello');
  fireEvent.keyDown(document, { key: 'F8' });
  expect(
    screen.getByRole('region', { name: 'Notifications (F8)' }).querySelector('ol'),
  ).toHaveFocus();
});

it('closes with its close button', () => {
  const { show } = setup();
  show('Closable');
  fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
  expect(screen.queryByText('Closable')).toBeNull();
});

/** jsdom has no PointerEvent; a mouse event of the same type carries the position React reads. */
const pointer = (target: Element, type: string, clientX: number) =>
  fireEvent(target, new MouseEvent(type, { clientX, bubbles: true }));

it('is dismissed by a swipe of 50 px to the right, not by a shorter one', () => {
  const { show } = setup();
  show('Swipe me');
  const toast = screen.getByRole('status');
  pointer(toast, 'pointerdown', 100);
  pointer(toast, 'pointermove', 140);
  expect(toast).toHaveStyle({ transform: 'translateX(40px)' });
  pointer(toast, 'pointerup', 149);
  expect(screen.getByText('Swipe me')).toBeInTheDocument();
  pointer(toast, 'pointerdown', 100);
  pointer(toast, 'pointerup', 150);
  expect(screen.queryByText('Swipe me')).toBeNull();
});

it('announces a destructive toast as an alert', () => {
  const { show } = setup();
  show('Error', { variant: 'destructive', description: 'Nope' });
  expect(screen.getByRole('alert')).toHaveTextContent('ErrorNope');
});
