import { Link } from 'react-router-dom';
import { useBrand } from '../../lib/brand';

/** Support, terms and privacy links, and the one copyright line of every page (core §2). */
export function Footer() {
  const { brandName, supportEmail } = useBrand();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <ul className="site-footer__links" aria-label="About this site">
          <li>
            <a href={`mailto:${supportEmail}`}>Support</a>
          </li>
          <li>
            <Link to="/terms-of-use">Terms of Use</Link>
          </li>
          <li>
            <Link to="/privacy-policy">Privacy Policy</Link>
          </li>
          <li>
            <Link to="/distribution-terms">Distribution Terms</Link>
          </li>
      </ul>
      <p className="site-footer__copyright">
        © {year} {brandName}
      </p>
    </footer>
  );
}
