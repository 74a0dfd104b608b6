import { index, route, type RouteConfig } from '@react-router/dev/routes';

// One file per screen of SPEC §2; later issues add theirs here.
export default [index('routes/home.tsx'), route('*', 'routes/not-found.tsx')] satisfies RouteConfig;
