import type { FastifyInstance } from "fastify";
import type { BillingDetails } from "../../../shared/billing.js";
import type { AppDb } from "../../db/client.js";
import type { RequireUser } from "../../platform/authenticate.js";
import type { FileStorage, ObjectStore } from "../../platform/storage.js";
import { createAccountsOverview } from "./accounts-overview.js";
import { accountsOverviewRoutes } from "./accounts-overview-routes.js";
import { createBoq } from "./boq.js";
import { invoiceRoutes } from "./invoice-routes.js";
import { createInvoices } from "./invoices.js";
import { createMoneyGuard } from "./money-guard.js";
import { createMoneyNotices, type Notify } from "./money-notices.js";
import { createPayers } from "./payers.js";
import { paymentRoutes } from "./payment-routes.js";
import { paymentStageRoutes } from "./payment-stage-routes.js";
import { createPaymentStages } from "./payment-stages.js";
import { createPayments } from "./payments.js";
import { contractRoutes } from "./routes.js";
import { createStatement } from "./statement.js";
import { createValuationCertificates } from "./valuation-certificate.js";
import { valuationRoutes } from "./valuation-routes.js";
import { createValuations } from "./valuations.js";
import { variationRoutes } from "./variation-routes.js";
import { createVariations, type ProveIdentity } from "./variations.js";

export type ContractsModuleOptions = {
  db: AppDb;
  requireUser: RequireUser;
  /** The auth module's fresh proof (its step-up), asked before a client approves a variation. */
  prove: ProveIdentity;
  /** The projects' documents: an approved variation's record is filed there, and the proofs of payment are kept there. */
  documentStorage: ObjectStore;
  /** The projects' photos: a valuation certificate draws its lines' evidence from them. */
  photoStorage: FileStorage;
  /** The notifications service's notify(): invoices and transfers are told of. */
  notify: Notify;
  /** The company's name, address and bank accounts, as invoices and receipts print them. */
  billing: () => Promise<BillingDetails>;
};

/** A project's contract and its money under /api (docs/decisions/140-boq-and-contract.md). */
export async function contractsModule(app: FastifyInstance, options: ContractsModuleOptions) {
  const { db, requireUser, prove, documentStorage, photoStorage, notify, billing } = options;
  const guard = createMoneyGuard(db);
  const notices = createMoneyNotices({ db, notify, log: app.log });
  const variations = createVariations({ db, guard, prove, documents: documentStorage, log: app.log });
  const valuations = createValuations({ db, guard });
  const paymentStages = createPaymentStages({ db, guard });
  const invoices = createInvoices({ db, guard, notices, sources: { valuations, stages: paymentStages } });
  const payments = createPayments({ db, guard, proofs: documentStorage, notices });
  const statement = createStatement({ guard, variations, valuations, invoices, payments });
  await app.register(contractRoutes, { boq: createBoq({ db, guard }), requireUser });
  await app.register(variationRoutes, { variations, requireUser });
  await app.register(valuationRoutes, {
    valuations,
    certificates: createValuationCertificates({ db, valuations, photoStorage }),
    requireUser,
  });
  await app.register(paymentStageRoutes, { paymentStages, requireUser });
  await app.register(invoiceRoutes, { db, invoices, statement, billing, requireUser });
  await app.register(paymentRoutes, { db, payments, payers: createPayers({ db, guard }), invoices, billing, requireUser });
  await app.register(accountsOverviewRoutes, { overview: createAccountsOverview({ db, valuations }), requireUser });
}
