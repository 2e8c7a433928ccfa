import * as css from './footer.css.ts';

export function Footer() {
  return (
    <footer className={css.footer}>
      <p>Meat and Fish, All Rights Reserved {new Date().getFullYear()}</p>
    </footer>
  );
}
