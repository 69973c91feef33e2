using System.Text;
using Prison.Db.Search;

namespace Prison.Db.Tests.Search;

public class SearchKeyTests
{
    [Theory]
    [InlineData("José Peña", "jose pena")]
    [InlineData("  ZOË   O'Brien-Smith ", "zoe o brien smith")]
    [InlineData("Łukasz Żółć", "lukasz zolc")]
    [InlineData("Straße", "strasse")]
    [InlineData("Ægir Øster", "aegir oster")]
    [InlineData("Ｎｏ．ﬁve", "no five")]
    [InlineData("Nguyễn Thị Minh Khai", "nguyen thi minh khai")]
    [InlineData("2024-RNDC-00012", "2024 rndc 00012")]
    [InlineData("Владимир Пётр", "владимир петр")]
    [InlineData("?!", "")]
    public void A_key_is_the_text_as_typed_without_accents_case_or_punctuation(string text, string key) =>
        Assert.Equal(key, SearchKey.Of(text));

    [Theory]
    [InlineData("José de la Peña", "pena jose de la")]
    [InlineData("Madonna", "madonna")]
    [InlineData("Zoë Ångström", "angstrom zoe")]
    public void The_key_from_the_last_word_starts_with_the_last_name(string name, string key) =>
        Assert.Equal(key, SearchKey.FromLastWord(name));

    [Fact]
    public void A_key_longer_than_the_column_is_cut_between_letters()
    {
        var key = SearchKey.Of(string.Concat(Enumerable.Repeat("ß", 300)));

        Assert.True(key.Length <= SearchKey.MaxLength);
        Assert.StartsWith("ssss", key, StringComparison.Ordinal);
        Assert.Equal(0, key.Length % 2);
    }

    /// <summary>The range a prefix is looked for in, compared as the indexes compare: UTF-8 bytes.</summary>
    [Theory]
    [InlineData("jo", "jo", true)]
    [InlineData("jo", "jose", true)]
    [InlineData("jo", "jo\U0001F600", true)]
    [InlineData("jo", "jo\uFFFD", true)]
    [InlineData("jo", "jp", false)]
    [InlineData("jo", "j", false)]
    [InlineData("jo", "joé", true)]
    public void A_prefix_bounds_exactly_the_keys_that_start_with_it(string prefix, string key, bool within)
    {
        static int Compare(string a, string b) => Encoding.UTF8.GetBytes(a).AsSpan().SequenceCompareTo(Encoding.UTF8.GetBytes(b));

        var inRange = Compare(key, prefix) >= 0 && Compare(key, SearchKey.UpperBound(prefix)) < 0;

        Assert.Equal(within, inRange);
        Assert.Equal(within, key.StartsWith(prefix, StringComparison.Ordinal));
    }
}
