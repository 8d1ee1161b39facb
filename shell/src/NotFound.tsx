import { Link } from 'react-router-dom';

export function NotFound() {
  return (
    <main className="shell-message">
      <h1>404 Page Not Found</h1>
      <p>The page you’re looking for doesn’t exist or has moved.</p>
      <Link className="shell-button" to="/">
        Back to the home page
      </Link>
    </main>
  );
}
