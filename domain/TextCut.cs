namespace Prison.Domain;

/// <summary>Cuts text to a length without splitting a character written as two UTF-16 units (an emoji, say): half of one cannot be encoded.</summary>
public static class TextCut
{
    /// <summary><paramref name="text"/>'s first <paramref name="length"/> units at most, one fewer when the last would be half a pair.</summary>
    public static string AtMost(string text, int length) =>
        text.Length <= length ? text : text[..(char.IsHighSurrogate(text[length - 1]) ? length - 1 : length)];
}
