import { Link } from 'react-router-dom';
import { infoPages } from '../../rules/info-pages.ts';
import * as css from './footer.css.ts';

export function Footer() {
  return (
    <footer className={css.footer}>
      <nav aria-label="Store information">
        <ul className={css.links}>
          {infoPages.map((page) => (
            <li key={page.path}>
              <Link className={css.link} to={page.path}>
                {page.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p>Meat and Fish, All Rights Reserved {new Date().getFullYear()}</p>
    </footer>
  );
}
