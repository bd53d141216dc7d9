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
    const vocab = new Vocabulary([
      "shirt",
      "shirts",
      "short",
      "jacket",
      "أكسفورد",
      "été",
      "cafe",
      "care",
      "case",
      "la",
    ]);
    expect(expandQuery("shrit", vocab)).toEqual([{ alternatives: ["shrit", "shirt", "shirts"], prefix: "shrit" }]);
    // a known word is not widened to its neighbours (shirt is not short), only to its plural
    expect(expandQuery("shirt jacket", vocab)).toEqual([
      { alternatives: ["shirt", "shirts"], prefix: null },
      { alternatives: ["jacket"], prefix: "jacket" },
    ]);
    expect(expandQuery("shirts jacket", vocab)[0]?.alternatives).toEqual(["shirts", "shirt"]);
    expect(expandQuery("shirt", vocab)).toEqual([{ alternatives: ["shirt", "shirts"], prefix: "shirt" }]);
    expect(expandQuery("اكسفورد", vocab)[0]?.alternatives).toContain("أكسفورد");
    expect(expandQuery("ete", vocab)[0]?.alternatives).toContain("été");
    expect(expandQuery("!!! ---", vocab)).toEqual([]);
  });

  it("does not take a word known up to accents, or one still being typed, for a typo", () => {
    const vocab = new Vocabulary(["cafe", "care", "case", "la", "laptop", "jeans", "tea"]);
    // "café" is "cafe": not also care and case
    expect(expandQuery("café", vocab)).toEqual([{ alternatives: ["café", "cafe"], prefix: "café" }]);
    // the start of "laptop" and "jeans": not "la" nor "tea"
    expect(expandQuery("lap", vocab)).toEqual([{ alternatives: ["lap"], prefix: "lap" }]);
    expect(expandQuery("jea", vocab)).toEqual([{ alternatives: ["jea"], prefix: "jea" }]);
    // not the last word: nobody is typing it, so it is a typo of "tea"
    expect(expandQuery("jea cafe", vocab)[0]?.alternatives).toEqual(["jea", "tea"]);
    // one letter is no prefix
    expect(expandQuery("é", vocab)).toEqual([{ alternatives: ["é"], prefix: null }]);
  });

  it("quotes every word, so user input cannot use FTS or tsquery syntax; a prefix skips the description", () => {
    const terms = [
      { alternatives: ['a"b', "c"], prefix: null },
      { alternatives: ["d'e\\"], prefix: "d'e\\" },
    ];
    expect(ftsMatch(terms)).toBe('("a""b" OR "c") AND ("d\'e\\" OR {name brand shop category attributes} : "d\'e\\"*)');
    expect(tsQuery(terms)).toBe("('a\"b' | 'c') & ('d''e\\\\' | 'd''e\\\\':*ABC)");
    expect(queryTerms('NEAR("x" OR y*) AND -z')).toEqual(["near", "x", "or", "y", "and", "z"]);
  });

  it("wordsMatch: words, prefixes and typos of every term", () => {
    expect(wordsMatch(wordsOf("Gadgte"), ["Gadget Galaxy"])).toBe(true);
    expect(wordsMatch(wordsOf("gal"), ["Gadget Galaxy"])).toBe(true);
    expect(wordsMatch(wordsOf("gadget home"), ["Gadget Galaxy"])).toBe(false);
  });
});
