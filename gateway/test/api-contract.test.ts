import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerContractCheck } from '../src/http/contract-check.ts';
import { expectContract } from './api-contract.ts';

const category = { id: 'c1', slug: 'Brokers', name: 'Brokers', companyCount: 3 };
const ok = (data: unknown) => ({ code: 1, msg: 'Success', time: 1_760_000_000, data });

/** The checker every gateway test helper runs each /api answer through (the answers themselves come from those tests). */
describe('expectContract', () => {
  it('accepts an answer that matches its operation', () => {
    expect(() => expectContract('GET', '/api/brokers/categories?_=1', ok([category]))).not.toThrow();
  });

  it('lists where a success answer drifts from its data schema', () => {
    expect(() => expectContract('GET', '/api/brokers/categories', ok([{ ...category, companyCount: '3' }]))).toThrow(/categories.*\n.*\/data\/0\/companyCount/);
    expect(() => expectContract('GET', '/api/brokers/categories', ok([{ id: 'c1', slug: 'Banks', name: 'x', companyCount: 1 }]))).toThrow(/\/data\/0\/slug/);
    expect(() => expectContract('GET', '/api/brokers/categories', { code: 1, msg: 'Success', data: [] })).toThrow(/time/);
  });

  it('checks failures against the error envelope', () => {
    expect(() => expectContract('GET', '/api/brokers/detail', { code: 0, msg: 'Not found', time: 1, data: { error: 'catalogue.company_not_found', requestId: 'r1' } })).not.toThrow();
    expect(() => expectContract('GET', '/api/brokers/detail', { code: 0, msg: 'Not found', time: 1, data: { fields: { id: 'required' } } })).toThrow(/error envelope/);
  });

  it('refuses a successful answer from an operation the table does not list', () => {
    expect(() => expectContract('GET', '/api/brokers/unlisted', ok(null))).toThrow(/no entry in the operations table/);
    expect(() => expectContract('POST', '/api/brokers/categories', ok([category]))).toThrow(/no entry/);
  });

  it('leaves answers outside /api alone', () => {
    expect(() => expectContract('GET', '/v1/companies', { items: [] })).not.toThrow();
  });
});

describe('CHECK_CONTRACT: the gateway checks its own answers', () => {
  it('lets answers that keep the contract through and turns one that breaks it into a logged 500', async () => {
    const app = Fastify({ logger: false });
    registerContractCheck(app);
    let categories: unknown = [category];
    app.get('/api/brokers/categories', async (_request, reply) => reply.type('application/json').send(JSON.stringify(ok(categories))));
    app.get('/api/brokers/country', async () => ok([{ id: 'x', code: 'GB', name: '英国' }]));
    app.get('/api/openapi.json', async () => ({ openapi: '3.1.0' }));
    try {
      expect((await app.inject('/api/brokers/categories')).statusCode).toBe(200);
      categories = [{ ...category, slug: 'Banks' }];
      const broken = await app.inject('/api/brokers/categories');
      expect(broken.statusCode).toBe(500);
      expect(broken.json()).toMatchObject({ code: 500, data: { error: 'contract_violation' } });
      // Objects are checked too (serialised before onSend), and the document is not an envelope.
      expect((await app.inject('/api/brokers/country')).statusCode).toBe(500);
      expect((await app.inject('/api/openapi.json')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
