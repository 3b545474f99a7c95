import { NavLink } from 'react-router-dom';
import { useShellServices } from '../../lib/shell-services';
import { signOut } from '../../lib/data-layer';
import { Button } from '../../ui/Button';

/** The support area's own navigation: its sections (admins also see their screens) and Sign Out (issue 19 item 9). */
export function StaffNav({ admin = false }: { admin?: boolean } = {}) {
  const { leave } = useShellServices();
  return (
    <nav aria-label="Support area" className="staff-nav">
      <ul>
        <li>
          <NavLink to="/support" end>
            Users and messages
          </NavLink>
        </li>
        <li>
          <NavLink to="/support/review">Review queue</NavLink>
        </li>
        <li>
          <NavLink to="/support/roster">Roster import</NavLink>
        </li>
        <li>
          <NavLink to="/support/system">System</NavLink>
        </li>
        {admin && (
          <li>
            <NavLink to="/support/store-endpoints">Store endpoints</NavLink>
          </li>
        )}
      </ul>
      <Button variant="secondary" onClick={() => void signOut(leave)}>
        Sign Out
      </Button>
    </nav>
  );
}
