import { useBrand } from '../../lib/brand';

/** Support link and copyright line (core §2). */
export function Footer() {
  const { brandName, supportEmail } = useBrand();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <a href={`mailto:${supportEmail}`}>Support</a>
      <p className="site-footer__copyright">
        © {year} {brandName}
      </p>
    </footer>
  );
}
