import { Link } from 'react-router-dom';
import * as css from './page-frame.css.ts';

export function NotFound() {
  return (
    <section className={css.centered}>
      <h1>PAGE NOT FOUND</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link to="/store">Back to the store</Link>
    </section>
  );
}
