using System.Net;
using Microsoft.Extensions.DependencyInjection;
using Prison.Db.Identity;
using Prison.Domain.Evaluation;

namespace Prison.Web.Tests.Pages.Prisoners.Recording;

/// <summary>
/// A form posted twice (a double click, back and submit again, two posts at once) saves once: each rendering of a
/// recording form carries a one-time token, saved with the entry in the same transaction. Web alone against each
/// engine, its changes published to a broker queue nobody reads.
/// </summary>
public sealed class OnceOnlyTests
{
    public static TheoryData<Engine> Engines => [Engine.PostgreSql, Engine.Sqlite];

    [Theory]
    [MemberData(nameof(Engines))]
    public async Task Two_posts_of_one_rendered_notice_form_at_once_save_one_notice_and_both_answer_with_the_prisoner_page(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await using var web = await RunningWeb.StartAsync(database, ServerArguments.NewQueuePrefix());
        var numbers = Enumerable.Range(1, 10).Select(n => $"D{n:00}").ToArray();
        var today = await SeedAsync(database, web, numbers);
        using var staff = await web.SignedInClientAsync(Roles.Staff);
        var (_, antiforgery) = await NoticePosting.OpenAsync(staff, numbers[0]);

        foreach (var number in numbers)
        {
            var (page, _) = await NoticePosting.OpenAsync(staff, number);
            var submission = RecordPosting.SubmissionIn(page);
            var posts = await Task.WhenAll(Enumerable.Range(0, 2).Select(_ =>
                NoticePosting.PostAsync(staff, number, antiforgery, "Weapon", today, $"a blade, posted twice at once to {number}", submission)));

            Assert.All(posts, post => Assert.Equal(HttpStatusCode.Redirect, post.StatusCode));
            Assert.All(posts, post => Assert.Equal($"/prisoners/{number}", post.Headers.Location?.OriginalString));
            Array.ForEach(posts, post => post.Dispose());
        }

        foreach (var number in numbers)
        {
            Assert.Equal(1L, await NoticesAsync(database, number));
        }

        Assert.Equal(numbers.Length, await database.ScalarAsync<long>("SELECT count(*) FROM form_submission"));
    }

    [Theory]
    [MemberData(nameof(Engines))]
    public async Task The_same_form_posted_again_after_it_was_saved_is_not_saved_again_and_the_prisoner_page_says_so(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await using var web = await RunningWeb.StartAsync(database, ServerArguments.NewQueuePrefix());
        var today = await SeedAsync(database, web, "E01");
        using var staff = await web.SignedInClientAsync(Roles.Staff);
        var (page, antiforgery) = await NoticePosting.OpenAsync(staff, "E01");
        var submission = RecordPosting.SubmissionIn(page);

        using var first = await NoticePosting.PostAsync(staff, "E01", antiforgery, "Drugs", today, "a wrap of powder", submission);
        var saved = await staff.GetStringAsync(first.Headers.Location);
        using var again = await NoticePosting.PostAsync(staff, "E01", antiforgery, "Drugs", today, "a wrap of powder", submission);
        var refused = await staff.GetStringAsync(again.Headers.Location);
        using var other = await NoticePosting.PostAsync(staff, "E01", antiforgery, "Drugs", today, "a second wrap, on a new form");

        Assert.Equal(HttpStatusCode.Redirect, first.StatusCode);
        Assert.Equal($"Drugs notice of {today} recorded. The danger status is being evaluated again.", Html.TextOf(saved, "p", "class=\"saved\""));
        Assert.Equal(HttpStatusCode.Redirect, again.StatusCode);
        Assert.Equal(Web.Pages.Prisoners.Recording.EntryModel.AlreadySaved, Html.TextOf(refused, "p", "class=\"saved\""));
        Assert.Equal(HttpStatusCode.Redirect, other.StatusCode);
        Assert.Equal(2L, await NoticesAsync(database, "E01"));
    }

    [Fact]
    public async Task A_form_refused_for_a_bad_field_keeps_its_token_and_saves_once_put_right()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        await using var web = await RunningWeb.StartAsync(database, ServerArguments.NewQueuePrefix());
        var today = await SeedAsync(database, web, "F01");
        using var staff = await web.SignedInClientAsync(Roles.Staff);
        var (page, antiforgery) = await NoticePosting.OpenAsync(staff, "F01");
        var submission = RecordPosting.SubmissionIn(page);

        using var refused = await NoticePosting.PostAsync(staff, "F01", antiforgery, "Weapon", "1900-01-01", "a blade", submission);
        var shown = await refused.Content.ReadAsStringAsync();
        using var corrected = await NoticePosting.PostAsync(staff, "F01", antiforgery, "Weapon", today, "a blade", RecordPosting.SubmissionIn(shown));

        Assert.Equal(HttpStatusCode.OK, refused.StatusCode);
        Assert.Equal(submission, RecordPosting.SubmissionIn(shown));
        Assert.Equal(HttpStatusCode.Redirect, corrected.StatusCode);
        Assert.Equal(1L, await NoticesAsync(database, "F01"));
    }

    [Fact]
    public async Task A_post_without_its_token_is_refused_with_a_message_and_a_new_token_and_saves_nothing()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        await using var web = await RunningWeb.StartAsync(database, ServerArguments.NewQueuePrefix());
        var today = await SeedAsync(database, web, "G01");
        using var staff = await web.SignedInClientAsync(Roles.Staff);
        var (_, antiforgery) = await NoticePosting.OpenAsync(staff, "G01");

        using var response = await staff.PostAsync(
            RecordPosting.FormPath("G01", NoticePosting.Kind),
            new FormUrlEncodedContent([new("Type", "Weapon"), new("Date", today), new("Description", "a blade"), new(NoticePosting.TokenField, antiforgery)]));

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        var html = await response.Content.ReadAsStringAsync();
        Assert.Contains("did not come whole from its page, so nothing was saved", Html.TextOf(html, "div", "data-role=\"error-summary\""));
        Assert.NotEqual(Guid.Empty, RecordPosting.SubmissionIn(html));
        Assert.Equal(0L, await NoticesAsync(database, "G01"));
    }

    private static Task<long> NoticesAsync(ScratchDatabase database, string number) =>
        database.ScalarAsync<long>($"SELECT count(*) FROM disciplinary_notice n JOIN prisoner p ON p.id = n.prisoner_id WHERE p.number = '{number}'");

    /// <summary>A prison and <paramref name="numbers"/>, held there since last month. Returns today in the prison's calendar, as web sees it.</summary>
    private static async Task<string> SeedAsync(ScratchDatabase database, RunningWeb web, params string[] numbers)
    {
        var today = web.Services.GetRequiredService<PrisonCalendar>().Today(DateTime.UtcNow);
        await using var db = database.Open();
        db.Prisons.Add(Records.Prison());
        db.Prisoners.AddRange(numbers.Select(number => Records.Harmless(number, 1, today.AddMonths(-1))));
        await db.SaveRecordChangesAsync();
        return today.ToString("yyyy-MM-dd", System.Globalization.CultureInfo.InvariantCulture);
    }
}
