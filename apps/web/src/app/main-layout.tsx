import { NavLink, Outlet } from 'react-router';

export function MainLayout() {
  return (
    <div className="layout">
      <header className="layout-nav">
        <span className="logo">Swell</span>
        <nav aria-label="Main">
          <NavLink to="/home">Home</NavLink>
        </nav>
      </header>
      <main className="layout-main">
        <Outlet />
      </main>
    </div>
  );
}
