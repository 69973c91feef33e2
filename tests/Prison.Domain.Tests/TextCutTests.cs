using Prison.Domain;

namespace Prison.Domain.Tests;

public class TextCutTests
{
    [Theory]
    [InlineData("abc", 5, "abc")]
    [InlineData("abcdef", 3, "abc")]
    [InlineData("ab😀", 3, "ab")]
    [InlineData("ab😀", 4, "ab😀")]
    [InlineData("a😀b", 3, "a😀")]
    public void Text_is_cut_to_at_most_the_length_never_through_a_character_of_two_units(string text, int length, string cut) =>
        Assert.Equal(cut, TextCut.AtMost(text, length));
}
