// The e2e factories (real models, real rows) reused by unit tests on the worker's temp database.
process.env.E2E_DATABASE_PATH ??= process.env.DATABASE_PATH;
export const { makeUser, makePost } = await import("../fixtures/factories.ts");
