import { render, screen } from '@testing-library/react';
import { SECTION_IDS } from '@artist/contracts';
import StorefrontApp from '../../app/App.js';

it('renders every section of the home page in order, each with its anchor id', () => {
  const { container } = render(<StorefrontApp />);
  const ids = [...container.querySelectorAll('main > section')].map((s) => s.id);
  expect(ids).toEqual([...SECTION_IDS]);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Wren Calloway');
});

it('has a navigation button for each section of the menu', () => {
  render(<StorefrontApp />);
  const nav = screen.getByRole('navigation', { name: 'Main' });
  for (const label of ['Home', 'Music', 'About', 'Shows', 'Gallery', 'Merch', 'Contact']) {
    expect(nav).toContainElement(screen.getByRole('button', { name: label }));
  }
});
