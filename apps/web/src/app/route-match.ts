import { createContext, useContext } from 'react';
import { matchRoutes, type Location, type Params, type RouteObject } from 'react-router';

/** What the sidebar needs of the current route: its kind (`handle.sidebar`) and its params. */
export interface RouteMatchInfo {
  sidebar: string | undefined;
  params: Params;
}

/** The deepest route matching `location`, ranked as `useRoutes` ranks them. */
export function routeMatchOf(routes: RouteObject[], location: Location): RouteMatchInfo {
  const match = matchRoutes(routes, location)?.at(-1);
  const handle = match?.route.handle as { sidebar?: string } | undefined;
  return { sidebar: handle?.sidebar, params: match?.params ?? {} };
}

export const RouteMatchContext = createContext<RouteMatchInfo>({ sidebar: undefined, params: {} });

/** The current route's sidebar kind and params, for what sits beside the routed screen. */
export function useRouteMatch(): RouteMatchInfo {
  return useContext(RouteMatchContext);
}
