import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { InstallPrompt } from './components/InstallPrompt.tsx';
import { Layout } from './components/Layout.tsx';
import { RequireAccess, SessionGate } from './components/RequireAccess.tsx';
import { routes } from './routes.tsx';

export const App = () => (
  <BrowserRouter>
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
  </BrowserRouter>
);
