import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { InstallPrompt } from './components/InstallPrompt.tsx';
import { Layout } from './components/Layout.tsx';
import { RequireAccess, SessionGate } from './components/RequireAccess.tsx';
import { routes } from './routes.tsx';
import { useLang } from './i18n/index.ts';

/** Every screen, inside whichever router the caller gives (the browser's, or the server's for a prerender). */
export const AppRoutes = () => (
  <SessionGate>
    <Routes>
      <Route element={<Layout />}>
        {routes.map(({ path, access, Component }) => (
          <Route
            key={path}
            path={path}
            element={
              <RequireAccess access={access}>
                <Component />
              </RequireAccess>
            }
          />
        ))}
      </Route>
    </Routes>
    <InstallPrompt />
  </SessionGate>
);

// Keyed by the language: a switch re-renders every screen in it (stores keep their state).
export const App = () => (
  <BrowserRouter key={useLang()}>
    <AppRoutes />
  </BrowserRouter>
);
