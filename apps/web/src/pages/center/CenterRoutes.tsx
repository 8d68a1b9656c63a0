import { Route, Routes } from 'react-router';
import { CENTER_ROUTES } from '../../app/routeTable.ts';
import { NotFound } from '../../components/NotFound.tsx';
import { NotYetOpen } from '../../components/NotYetOpen.tsx';

/** The user centre's own route tree (mounted at /center/*, signed-in only). */
export function CenterRoutes() {
  return (
    <Routes>
      {CENTER_ROUTES.map((route) =>
        route.path === '' ? (
          <Route key="index" index element={<NotYetOpen feature={route.feature} />} />
        ) : (
          <Route key={route.path} path={route.path} element={<NotYetOpen feature={route.feature} />} />
        ),
      )}
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
