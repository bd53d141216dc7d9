import { describe, expect, it } from "vitest";
import {
  expandQuery,
  ftsMatch,
  queryTerms,
  tsQuery,
  Vocabulary,
  withinOneEdit,
  wordsMatch,
  wordsOf,
} from "./search.ts";

describe("search helpers", () => {
  it("withinOneEdit: substitution, insertion, deletion and transposition", () => {
    for (const [a, b] of [
      ["shirt", "shirt"],
      ["shirt", "shrit"],
      ["shirt", "shirts"],
      ["shirt", "hirt"],
      ["shirt", "shirk"],
    ]) {
      expect(withinOneEdit(a as string, b as string), `${a}/${b}`).toBe(true);
    }
    for (const [a, b] of [
      ["shirt", "shrits"],
      ["shirt", "sirth"],
      ["shirt", "sh"],
      ["abc", "cba"],
    ]) {
      expect(withinOneEdit(a as string, b as string), `${a}/${b}`).toBe(false);
    }
  });

  it("widens an unknown word to indexed words one edit away, keeps a known one exact", () => {
    const vocab = new Vocabulary(["shirt", "shirts", "short", "jacket", "أكسفورد", "été"]);
    expect(expandQuery("shrit", vocab)).toEqual([{ alternatives: ["shrit", "shirt"], prefix: true }]);
    // a known word is not widened to its neighbours (shirt is not short), only to its plural
    expect(expandQuery("shirt jacket", vocab)).toEqual([
      { alternatives: ["shirt", "shirts"], prefix: false },
      { alternatives: ["jacket"], prefix: true },
    ]);
    expect(expandQuery("shirts jacket", vocab)[0]?.alternatives).toEqual(["shirts", "shirt"]);
    // the last word is a prefix: "shirt*" already finds "shirts", so it is not asked twice
    expect(expandQuery("shirts", vocab)).toEqual([{ alternatives: ["shirt"], prefix: true }]);
    expect(expandQuery("shirt", vocab)).toEqual([{ alternatives: ["shirt"], prefix: true }]);
    expect(expandQuery("اكسفورد", vocab)[0]?.alternatives).toContain("أكسفورد");
    expect(expandQuery("ete", vocab)[0]?.alternatives).toContain("été");
    expect(expandQuery("!!! ---", vocab)).toEqual([]);
  });

  it("quotes every word, so user input cannot use FTS or tsquery syntax", () => {
    const terms = [
      { alternatives: ['a"b', "c"], prefix: false },
      { alternatives: ["d'e\\"], prefix: true },
    ];
    expect(ftsMatch(terms)).toBe('("a""b" OR "c") AND "d\'e\\"*');
    expect(tsQuery(terms)).toBe("('a\"b' | 'c') & 'd''e\\\\':*");
    expect(queryTerms('NEAR("x" OR y*) AND -z')).toEqual(["near", "x", "or", "y", "and", "z"]);
  });

  it("wordsMatch: words, prefixes and typos of every term", () => {
    expect(wordsMatch(wordsOf("Gadgte"), ["Gadget Galaxy"])).toBe(true);
    expect(wordsMatch(wordsOf("gal"), ["Gadget Galaxy"])).toBe(true);
    expect(wordsMatch(wordsOf("gadget home"), ["Gadget Galaxy"])).toBe(false);
  });
});
