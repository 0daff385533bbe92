import { describe, expect, it } from "vitest";
import { csvField, csvFilename, toCsv } from "#server/platform/http/csv.js";

describe("CSV (RFC 4180, UTF-8 with BOM, formula injection defused)", () => {
  it("starts with the byte-order mark and ends every row with CRLF", () => {
    expect(
      toCsv([
        ["a", "b"],
        ["c", "d"],
      ]),
    ).toBe("\uFEFFa,b\r\nc,d\r\n");
  });

  it("quotes fields with commas, quotes or line breaks, doubling the quotes", () => {
    expect(csvField('Say "hi", then go')).toBe('"Say ""hi"", then go"');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("crlf\r\nend")).toBe('"crlf\r\nend"');
    expect(csvField("plain")).toBe("plain");
  });

  it.each([
    ["=SUM(A1:A2)", "'=SUM(A1:A2)"],
    ["+1", "'+1"],
    ["-1+2", "'-1+2"],
    ["@cmd", "'@cmd"],
    ["\tTab", "'\tTab"],
  ])("defuses %j as %j", (text, escaped) => {
    expect(csvField(text)).toBe(escaped);
  });

  it("defuses before quoting, so a quoted formula is defused too", () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvField("\rX")).toBe(`"'\rX"`);
  });

  it("numbers, booleans, dates and empty values", () => {
    expect(csvField(-5)).toBe("-5");
    expect(csvField(40)).toBe("40");
    expect(csvField(true)).toBe("yes");
    expect(csvField(false)).toBe("no");
    expect(csvField(null)).toBe("");
    expect(csvField(new Date("2026-06-30T23:59:59.999Z"))).toBe("2026-06-30T23:59:59.999Z");
  });

  it("keeps any text as UTF-8 (the BOM tells Excel so)", () => {
    const bytes = new TextEncoder().encode(toCsv([["Zoë", "日本"]]));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe("Zoë,日本\r\n");
  });

  it("download names are plain ASCII", () => {
    expect(csvFilename("course", 'Forklift "Safety" / Zoë')).toBe("course-forklift-safety-zoe.csv");
    expect(csvFilename("member", "日本")).toBe("member.csv");
  });
});
