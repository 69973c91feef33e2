using System.Text;

namespace Prison.Domain;

/// <summary>
/// Code names as staff read them: "AssaultOnStaff" is "Assault on staff", "AwaitingTrial" is "Awaiting trial". The
/// one place every status and kind becomes words, for the record's own texts (the facts a rule fired on) and for web.
/// </summary>
public static class Words
{
    public static string Of(string name)
    {
        var text = new StringBuilder(name.Length + 8);
        foreach (var c in name)
        {
            if (char.IsUpper(c) && text.Length > 0)
            {
                text.Append(' ').Append(char.ToLowerInvariant(c));
            }
            else
            {
                text.Append(c);
            }
        }

        return text.ToString();
    }

    public static string Of<T>(T value)
        where T : struct, Enum => Of(value.ToString());

    /// <summary>The same words inside a sentence: "awaiting trial"; a single letter ("A") stays as it is.</summary>
    public static string InSentence<T>(T value)
        where T : struct, Enum
    {
        var words = Of(value);
        return words.Length > 1 && char.IsLower(words[1]) ? char.ToLowerInvariant(words[0]) + words[1..] : words;
    }
}
