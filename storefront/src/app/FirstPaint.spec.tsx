import { screen } from '@testing-library/react';
import { FIRST_PAINT_ID } from '@artist/contracts';
import { renderApp, stubApi } from '../test/renderApp.js';

it('removes the static first paint when the live page mounts', async () => {
  stubApi();
  const copy = document.createElement('div');
  copy.id = FIRST_PAINT_ID;
  copy.innerHTML = '<h1>Wren Calloway</h1>';
  document.body.prepend(copy);
  renderApp();
  expect(document.getElementById(FIRST_PAINT_ID)).toBeNull();
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  await screen.findByText('No upcoming shows at this time.');
});
