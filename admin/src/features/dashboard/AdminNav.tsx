import {
  ADMIN_AREAS,
  adminAreaPath,
  themeTokens,
  type AdminArea,
  type AdminAreaKey,
} from '@artist/contracts';
import { Link } from 'react-router-dom';

interface NavGroup {
  name: string;
  areas: AdminArea[];
}

/** The areas gathered under their groups, in the order the list first names each group. */
export function navGroups(areas: readonly AdminArea[] = ADMIN_AREAS): NavGroup[] {
  const groups: NavGroup[] = [];
  for (const area of areas) {
    const group = groups.find(({ name }) => name === area.group);
    if (group) group.areas.push(area);
    else groups.push({ name: area.group, areas: [area] });
  }
  return groups;
}

const GROUPS = navGroups();

const HEADING = {
  fontSize: 12,
  fontWeight: 600,
  letterSpacing: '0.06em',
  textTransform: 'uppercase',
  color: themeTokens.colorTextSecondary,
  margin: '12px 12px 4px',
} as const;
const LIST = { listStyle: 'none', margin: 0, padding: 0 } as const;
const LINK = {
  display: 'block',
  padding: '8px 12px',
  borderRadius: themeTokens.borderRadius,
  color: themeTokens.colorText,
} as const;
const CURRENT = {
  ...LINK,
  background: themeTokens.colorPrimary,
  color: '#fff',
  fontWeight: 600,
} as const;

/**
 * The dashboard's side navigation: each area a link to its own address, under its group's name;
 * the open area is marked as the current page. `onNavigate` runs when a link is followed (the
 * phone's menu closes then).
 */
export function AdminNav({
  active,
  onNavigate,
}: {
  active: AdminAreaKey;
  onNavigate?: () => void;
}) {
  return (
    <nav aria-label="Admin areas" className="admin-nav" style={{ padding: '0 8px 16px' }}>
      {GROUPS.map(({ name, areas }) => {
        const titled = !(areas.length === 1 && areas[0]!.label === name);
        const headingId = `admin-nav-${name.toLowerCase()}`;
        return (
          <div key={name}>
            {titled && (
              <h2 id={headingId} style={HEADING}>
                {name}
              </h2>
            )}
            <ul
              aria-labelledby={titled ? headingId : undefined}
              style={{ ...LIST, marginTop: titled ? 0 : 16 }}
            >
              {areas.map(({ key, label }) => (
                <li key={key}>
                  <Link
                    to={adminAreaPath(key)}
                    aria-current={key === active ? 'page' : undefined}
                    onClick={onNavigate}
                    style={key === active ? CURRENT : LINK}
                  >
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
