import type { AdminShow } from '@artist/contracts';

const pad = (n: number) => String(n).padStart(2, '0');

export function makeShow(id: number, overrides: Partial<AdminShow> = {}): AdminShow {
  return {
    id,
    date: `2099-01-${pad((id % 28) + 1)}`,
    venue: `Venue ${id}`,
    city: 'Nashville, TN',
    time: '8:00 PM',
    ageRequirement: 'All Ages',
    soldOut: 'false',
    ticketButtonType: 'free',
    ticketUrl: null,
    status: 'published',
    notes: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The body rows of the table on screen. */
export const tableRows = () =>
  Array.from(document.querySelectorAll<HTMLTableRowElement>('.ant-table-tbody tr.ant-table-row'));

export const firstCells = (index = 0) => tableRows().map((row) => row.cells[index]?.textContent);
