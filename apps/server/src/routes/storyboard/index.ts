import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { storyboardItemRoutes } from './items';
import { storyboardPlanningRoutes } from './planning';
import { storyboardProgressRoutes } from './progress';

/** The storyboard's calls: items, their progress, automatic shots and descriptions. */
export function storyboardRoutes(app: FastifyInstance, deps: AppDeps): void {
  storyboardItemRoutes(app, deps);
  storyboardProgressRoutes(app, deps);
  storyboardPlanningRoutes(app, deps);
}
