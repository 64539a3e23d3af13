import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../errors';
import { extensionOf, mimeOf } from '../files';
import type { Runtime } from '../runtime';

/** Secure links: `GET <origin>/files/<token>`, without Bearer auth because they are for humans. */
export function registerFileRoutes(app: FastifyInstance, rt: Runtime): void {
	const { files } = rt;

	app.get(
		'/files/:token',
		async (request: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) => {
			const file = files.get(request.params.token);
			if (!file || (file.expiresAt !== null && Date.now() > file.expiresAt)) {
				throw notFound(
					`No document at this secure link (${request.params.token}); it is unknown or expired`,
				);
			}
			file.onView?.();
			return reply
				.header('Content-Type', mimeOf(file.kind))
				.header('Content-Disposition', `inline; filename="${file.token}.${extensionOf(file.kind)}"`)
				.header('Cache-Control', 'no-store')
				.send(file.data);
		},
	);
}
