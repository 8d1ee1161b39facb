import type { NextFunction, Request, Response } from 'express';
import type { ApiError } from '@artist/contracts';

export const MAX_BODY_DEPTH = 32;

/** Nesting depth of a parsed JSON value, measured without recursion. */
export function depthOf(value: unknown, limit = Infinity): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    const level = depth + 1;
    if (level > deepest) deepest = level;
    if (deepest > limit) return deepest;
    for (const child of Object.values(item)) stack.push([child, level]);
  }
  return deepest;
}

/**
 * Refuses bodies nested deeper than any real request needs: class-transformer walks a body
 * recursively and would overflow the stack (a 500) on a few thousand nested brackets.
 */
export function rejectDeepBodies(req: Request, res: Response, next: NextFunction) {
  if (depthOf(req.body, MAX_BODY_DEPTH) <= MAX_BODY_DEPTH) return next();
  const body: ApiError = { statusCode: 400, message: 'The request body is nested too deeply.' };
  res.status(400).json(body);
}
