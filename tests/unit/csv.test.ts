import { describe, expect, it } from "vitest";
import { csvDateTime, csvDueDay, csvField, csvFilename, csvOptionsOf, toCsv } from "#server/platform/http/csv.js";

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

  it("quotes a field holding a semicolon, for spreadsheets that split on `;`", () => {
    expect(csvField("a;b")).toBe('"a;b"');
    expect(toCsv([["x;y", "z"]])).toBe('\uFEFF"x;y",z\r\n');
  });

  it.each([
    ["x;=1+2", `"x;'=1+2"`],
    ["x,=1+2", `"x,'=1+2"`],
    ["Mozilla/5.0;+cmd", `"Mozilla/5.0;'+cmd"`],
    ["a;-1;@SUM(A1)", `"a;'-1;'@SUM(A1)"`],
    ["a;\t=1", `"a;'\t=1"`],
    ["one\n=cmd", `"one\n'=cmd"`],
    ["one\r\n+cmd", `"one\r\n'+cmd"`],
    ["=a;=b", `"'=a;'=b"`],
  ])("defuses a formula after a separator or line break inside %j", (text, escaped) => {
    expect(csvField(text)).toBe(escaped);
  });

  it("leaves text whose separators are followed by anything else as it is (but quoted)", () => {
    expect(csvField("Smith; John")).toBe('"Smith; John"');
    expect(csvField("1,5")).toBe('"1,5"');
    expect(csvField("a-b=c")).toBe("a-b=c");
  });

  it("read with `;` as the separator, ignoring quotes, no cell starts like a formula", () => {
    const hostile = ["x;=1+2", 'q";=2', "a,b;@x", "l1\n-3", "\r;+4", "ok"];
    const file = toCsv([hostile, hostile.slice().reverse()]).replace(/^\uFEFF/, "");
    const cells = file.split(/\r\n|[\r\n;]/);
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
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

describe("CSV dates: plain dates and local date-times", () => {
  it("writes a deadline as the day it falls on, as the screens name it", () => {
    expect(csvDueDay(new Date("2026-12-04T23:59:59.999Z"))).toBe("2026-12-04");
    // A deadline given as the next day's midnight still names the due day.
    expect(csvDueDay(new Date("2026-12-05T00:00:00.000Z"))).toBe("2026-12-04");
    expect(csvDueDay(null)).toBe("");
  });

  it("writes an instant in the asker's time zone, to the minute, on a 24-hour clock", () => {
    const instant = new Date("2026-12-04T23:30:45Z");
    expect(csvDateTime(instant, csvOptionsOf(undefined))).toBe("2026-12-04 23:30");
    expect(csvDateTime(instant, csvOptionsOf("Asia/Tokyo"))).toBe("2026-12-05 08:30");
    expect(csvDateTime(new Date("2026-07-01T00:05:00Z"), csvOptionsOf("America/New_York"))).toBe("2026-06-30 20:05");
    expect(csvDateTime(null, csvOptionsOf("UTC"))).toBe("");
  });

  it("refuses a time zone that is not one", () => {
    expect(() => csvOptionsOf("Mars/Olympus")).toThrow(/IANA time zone/);
    expect(() => csvOptionsOf(["UTC"])).toThrow(/IANA time zone/);
  });
});
