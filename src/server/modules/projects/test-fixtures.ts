import type { UploadFile } from "../../testing/accounts.js";

/** Files for the projects' upload fields: `images` (photos of the gallery and the site diary) and `document`. */

export const photo = (data: Buffer, name = "site.jpg", type = "image/jpeg"): UploadFile => ({ field: "images", name, type, data });

export const pdfBytes = () => Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

export const pdfDocument = (name = "contract.pdf"): UploadFile => ({ field: "document", name, type: "application/pdf", data: pdfBytes() });
