/** An account clients pay into by transfer: naira, or a domiciliary account for payers abroad. */
export type BankAccount = { currency: string; bank: string; accountName: string; accountNumber: string; swift?: string };

/** The company as its invoices, receipts and statements name it (content/company.json and the admin's contact details). */
export type BillingDetails = { name: string; phone: string; email: string; address: string[]; bankAccounts: BankAccount[] };
