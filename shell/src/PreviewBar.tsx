import { previews } from './remotes.js';

/**
 * Says which remotes this browser previews instead of their live version (a preview cookie set by
 * a release's preview link), with the link that ends the preview.
 */
export function PreviewBar() {
  const shown = previews();
  if (shown.length === 0) return null;
  return (
    <aside className="shell-preview" aria-label="Preview">
      {shown.map(({ name, version }) => (
        <p key={name}>
          Preview: {name} {version} · <a href={`/api/deploy/${name}/preview/end`}>end preview</a>
        </p>
      ))}
    </aside>
  );
}
