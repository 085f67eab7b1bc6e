import type { FastifyReply } from 'fastify';
import type { Refusal } from '../domain/accounts.ts';

/** The protocol's error body. */
export const problem = (reply: FastifyReply, status: number, code: string, message: string) => reply.status(status).send({ error: { code, message } });

export const refuse = (reply: FastifyReply, r: Refusal) => problem(reply, r.status, r.code, r.message);
