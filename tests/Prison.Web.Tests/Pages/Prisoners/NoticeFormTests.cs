using System.Net;
using Prison.Db.Identity;
using static Prison.Web.Tests.ProductionFixture;

namespace Prison.Web.Tests.Pages.Prisoners;

public sealed class NoticeFormTests(ProductionFixture system) : IClassFixture<ProductionFixture>
{
    // Web renders each field's error in the span the field points to with aria-describedby.
    private static readonly Dictionary<string, string> ErrorSpans = new()
    {
        ["Type"] = "Type-error",
        ["Date"] = "Date-error",
        ["Description"] = "Description-error",
    };

    /// <summary>
    /// "{today}" and "{tomorrow}" stand for days in the prison's calendar, known only once web runs; the prisoner was
    /// born on 1980-01-01. "{long}" is a description one character longer than the record keeps.
    /// </summary>
    [Theory]
    [InlineData("Weapon", "2026-13-45", "a blade", "Date", "Enter the date of the notice as YYYY-MM-DD.")]
    [InlineData("Weapon", "yesterday", "a blade", "Date", "Enter the date of the notice as YYYY-MM-DD.")]
    [InlineData("Weapon", "03/04/2026", "a blade", "Date", "Enter the date of the notice as YYYY-MM-DD.")]
    [InlineData("Weapon", "", "a blade", "Date", "Enter the date of the notice as YYYY-MM-DD.")]
    [InlineData("Weapon", "{tomorrow}", "a blade", "Date", "The date cannot be in the future: today is {today} at this prison.")]
    [InlineData("Weapon", "1900-01-01", "a blade", "Date", "The date cannot be before the prisoner was born (1980-01-01).")]
    [InlineData("Weapon", "1979-12-31", "a blade", "Date", "The date cannot be before the prisoner was born (1980-01-01).")]
    [InlineData("Weapon", "1899-12-31", "a blade", "Date", "The date cannot be before 1900-01-01.")]
    [InlineData("Weapon", "{today}", "", "Description", "Describe what happened.")]
    [InlineData("Weapon", "{today}", "   \t  ", "Description", "Describe what happened.")]
    [InlineData("Weapon", "{today}", "{long}", "Description", "Keep this to 2000 characters at most.")]
    [InlineData("Gossip", "{today}", "said things", "Type", "Choose a notice type from the list.")]
    [InlineData("99", "{today}", "said things", "Type", "Choose a notice type from the list.")]
    [InlineData("", "{today}", "said things", "Type", "Choose a notice type from the list.")]
    public async Task A_bad_field_is_refused_with_its_message_next_to_it_the_typed_values_are_kept_and_nothing_is_saved(
        string type, string date, string description, string field, string message)
    {
        date = Days(date);
        message = Days(message);
        description = description == "{long}" ? new string('x', 2001) : description;
        var number = HarmlessNumber;
        var before = await system.StoredAsync(number);
        var noticesBefore = await system.NoticeCountAsync(number);
        var (_, token) = await NoticePosting.OpenAsync(system.Client, number);

        using var response = await NoticePosting.PostAsync(system.Client, number, token, type, date, description);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        var html = await response.Content.ReadAsStringAsync();
        foreach (var (name, span) in ErrorSpans)
        {
            Assert.Equal(name == field ? message : string.Empty, Html.TextById(html, span));
        }

        Assert.Equal(date, Html.InputValue(html, "Date"));
        Assert.Equal(description, Html.TextAreaValue(html, "Description"));
        // A type that is not on the list cannot be shown selected: the list then offers "Choose…" again.
        Assert.Equal(Enum.GetNames<Domain.Record.NoticeType>().Contains(type) || type.Length == 0 ? [type] : [], Html.SelectedOptions(html, "Type"));
        Assert.Contains(message, Html.TextOf(html, "div", "data-role=\"error-summary\"") ?? string.Empty);
        Assert.Matches($"<[a-z]+[^>]*\\bname=\"{field}\"[^>]*\\baria-invalid=\"true\"", html);
        Assert.Null(Html.TextOf(html, "p", "class=\"saved\""));
        Assert.Equal(noticesBefore, await system.NoticeCountAsync(number));
        Assert.Equal(before, await system.StoredAsync(number));
    }

    [Fact]
    public async Task Every_bad_field_is_refused_at_once_each_with_its_own_message()
    {
        var (_, token) = await NoticePosting.OpenAsync(system.Client, HarmlessNumber);

        using var response = await NoticePosting.PostAsync(system.Client, HarmlessNumber, token, "Gossip", "yesterday", " ");

        var html = await response.Content.ReadAsStringAsync();
        Assert.Equal("Choose a notice type from the list.", Html.TextById(html, "Type-error"));
        Assert.Equal("Enter the date of the notice as YYYY-MM-DD.", Html.TextById(html, "Date-error"));
        Assert.Equal("Describe what happened.", Html.TextById(html, "Description-error"));
    }

    [Fact]
    public async Task A_type_in_other_letter_case_is_taken_as_that_type_as_the_re_rendered_list_would_show_it()
    {
        // Another prisoner than the other tests': this one changes, and the worker evaluates it in the background.
        const string number = "A103";
        var (_, token) = await NoticePosting.OpenAsync(system.Client, number);

        using var response = await NoticePosting.PostAsync(system.Client, number, token, "mobilePHONE", system.Today.ToString("yyyy-MM-dd"), "a phone in the laundry");

        Assert.Equal(HttpStatusCode.Redirect, response.StatusCode);
        Assert.Equal("MobilePhone", await system.Database.ScalarAsync<string>($"SELECT n.type FROM disciplinary_notice n JOIN prisoner p ON p.id = n.prisoner_id WHERE p.number = '{number}'"));
    }

    [Fact]
    public async Task The_form_offers_today_in_the_prison_calendar_as_the_date()
    {
        var (html, _) = await NoticePosting.OpenAsync(system.Client, HarmlessNumber);

        Assert.Equal(system.Today.ToString("yyyy-MM-dd"), Html.InputValue(html, "Date"));
    }

    [Fact]
    public async Task A_post_without_the_antiforgery_token_is_rejected_with_400_and_a_page_that_says_so_and_saves_nothing()
    {
        var before = await system.StoredAsync(HarmlessNumber);
        var noticesBefore = await system.NoticeCountAsync(HarmlessNumber);
        using var stranger = await system.Web.SignedInClientAsync(Roles.Staff);

        using var response = await NoticePosting.PostAsync(stranger, HarmlessNumber, token: null, "Weapon", system.Today.ToString("yyyy-MM-dd"), "a blade");

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        var html = await response.Content.ReadAsStringAsync();
        Assert.Equal("Not accepted", Html.TextOf(html, "h1", string.Empty));
        Assert.Contains("nothing was saved", html);
        Assert.Equal(noticesBefore, await system.NoticeCountAsync(HarmlessNumber));
        Assert.Equal(before, await system.StoredAsync(HarmlessNumber));
    }

    private string Days(string text) =>
        text.Replace("{today}", system.Today.ToString("yyyy-MM-dd"), StringComparison.Ordinal)
            .Replace("{tomorrow}", system.Today.AddDays(1).ToString("yyyy-MM-dd"), StringComparison.Ordinal);
}
