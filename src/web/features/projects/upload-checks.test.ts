import { describe, expect, it } from "vitest";
import { documentProblem, formatFileSize, photoCountProblem, photoProblem } from "./upload-checks";

const MB = 1024 * 1024;

describe("photo checks before upload", () => {
  it("accepts JPEG, PNG and WebP up to 15 MB", () => {
    expect(photoProblem({ name: "slab.jpg", type: "image/jpeg", size: 15 * MB })).toBeNull();
    expect(photoProblem({ name: "plan.webp", type: "image/webp", size: 10 })).toBeNull();
  });

  it("names the file that is not a photo or is too large", () => {
    expect(photoProblem({ name: "logo.svg", type: "image/svg+xml", size: 10 })).toBe("logo.svg is not a JPEG, PNG or WebP image.");
    expect(photoProblem({ name: "big.png", type: "image/png", size: 15 * MB + 1 })).toBe("big.png: Each photo must be 15 MB or smaller.");
  });

  it("refuses more than ten photos at once", () => {
    expect(photoCountProblem(10)).toBeNull();
    expect(photoCountProblem(11)).toBe("Upload at most 10 photos at a time.");
  });
});

describe("document checks before upload", () => {
  it("accepts PDF, DWG and DXF by their name, whatever their type", () => {
    expect(documentProblem({ name: "Contract.PDF", size: 100 })).toBeNull();
    expect(documentProblem({ name: "ground-floor.dwg", size: 100 })).toBeNull();
    expect(documentProblem({ name: "site.dxf", size: 100 })).toBeNull();
  });

  it("accepts Word and Excel files, JPG and PNG scans and ZIPs by their name", () => {
    for (const name of ["notes.docx", "costs.XLSX", "permit.jpeg", "scan.jpg", "scan.png", "plans.zip"]) {
      expect(documentProblem({ name, size: 100 })).toBeNull();
    }
  });

  it("refuses macro-enabled Office files, other files and files over 25 MB", () => {
    expect(documentProblem({ name: "schedule.docm", size: 100 })).toBe(
      "Files with macros (DOCM, XLSM or a macro inside) are not accepted: save it as DOCX or XLSX without macros.",
    );
    expect(documentProblem({ name: "setup.exe", size: 100 })).toBe(
      "Please upload a PDF, a drawing (DWG or DXF), a Word or Excel file (DOCX, XLSX), a JPG or PNG scan, or a ZIP.",
    );
    expect(documentProblem({ name: "scan.pdf", size: 25 * MB + 1 })).toBe("The document must be 25 MB or smaller.");
  });
});

describe("file sizes", () => {
  it("are shown in KB below a megabyte and in MB above", () => {
    expect(formatFileSize(500)).toBe("1 KB");
    expect(formatFileSize(820 * 1024)).toBe("820 KB");
    expect(formatFileSize(3.4 * MB)).toBe("3.4 MB");
  });

  it("write what Intl writes for en-NG (one decimal at most, thousands grouped), from 1 byte to 25 MB", () => {
    const intl = new Intl.NumberFormat("en-NG", { maximumFractionDigits: 1 });
    for (let bytes = 1; bytes <= 25 * MB; bytes = Math.ceil(bytes * 1.013) + 7) {
      const expected = bytes < MB ? `${intl.format(Math.max(1, Math.round(bytes / 1024)))} KB` : `${intl.format(bytes / MB)} MB`;
      expect(formatFileSize(bytes), String(bytes)).toBe(expected);
    }
    expect(formatFileSize(MB - 1)).toBe("1,024 KB");
  });
});
