using System.Globalization;
using System.Text;

namespace Prison.Db.Search;

/// <summary>
/// A number or a name as staff may type it: lower-case, without accents ("José Peña" and "jose pena" are one key),
/// every run of characters that are neither letters nor digits one space. The ONE normalisation of both what is stored
/// (<see cref="PrisonerSearchKey"/>) and what is looked for (<see cref="SearchReads"/>), so that they always agree.
/// </summary>
public static class SearchKey
{
    /// <summary>The longest key stored: a name of 200 characters, with room for letters that fold to two.</summary>
    public const int MaxLength = 400;

    /// <summary>
    /// Letters that carry their mark in their shape rather than as a combining mark, so that the decomposition leaves
    /// them whole: folded as people type them on a keyboard without them.
    /// </summary>
    private static readonly Dictionary<char, string> Folded = new()
    {
        ['ß'] = "ss", ['æ'] = "ae", ['œ'] = "oe", ['ø'] = "o", ['ł'] = "l", ['đ'] = "d", ['ð'] = "d", ['þ'] = "th", ['ı'] = "i",
        ['ħ'] = "h", ['ŧ'] = "t", ['ŀ'] = "l", ['ĸ'] = "k", ['ŋ'] = "n",
    };

    /// <summary>The key of <paramref name="text"/>: empty when it holds no letter or digit.</summary>
    public static string Of(string text)
    {
        // Compatibility decomposition also splits ligatures and full-width forms ("ﬁ", "Ｐ") into what people type.
        var decomposed = text.Normalize(NormalizationForm.FormKD);
        var key = new StringBuilder(decomposed.Length);
        var space = false;
        foreach (var rune in decomposed.EnumerateRunes())
        {
            if (Rune.GetUnicodeCategory(rune) is UnicodeCategory.NonSpacingMark or UnicodeCategory.SpacingCombiningMark or UnicodeCategory.EnclosingMark)
            {
                continue;
            }

            if (!Rune.IsLetterOrDigit(rune))
            {
                space = key.Length > 0;
                continue;
            }

            // Room for a space and the longest a letter becomes (two UTF-16 units): a key is cut between letters.
            if (key.Length + 3 > MaxLength)
            {
                break;
            }

            if (space)
            {
                key.Append(' ');
                space = false;
            }

            var lower = Rune.ToLowerInvariant(rune);
            if (lower.IsBmp && Folded.TryGetValue((char)lower.Value, out var folded))
            {
                key.Append(folded);
            }
            else
            {
                key.Append(lower.ToString());
            }
        }

        return key.ToString();
    }

    /// <summary>
    /// The key of a name read from its last word: "José de la Peña" gives "pena jose de la", so that a prefix of the
    /// last name finds it as a prefix of the name finds the first name.
    /// </summary>
    public static string FromLastWord(string name)
    {
        var key = Of(name);
        var last = key.LastIndexOf(' ');
        return last < 0 ? key : $"{key[(last + 1)..]} {key[..last]}";
    }

    /// <summary>
    /// The first key that does not start with <paramref name="prefix"/> and sorts after every key that does, in the
    /// byte order of UTF-8 (the order of code points) that the keys' indexes keep: what is looked for is the range
    /// from the prefix up to this. The largest code point after the prefix bounds every key that a real name gives.
    /// </summary>
    public static string UpperBound(string prefix) => prefix + char.ConvertFromUtf32(0x10FFFF);
}
