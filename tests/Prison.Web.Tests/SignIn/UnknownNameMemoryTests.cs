using System.Net;
using Microsoft.Extensions.DependencyInjection;
using Prison.Db.Identity;
using Prison.Web.Pages.Account;
using Prison.Web.SignIn;

namespace Prison.Web.Tests.SignIn;

/// <summary>
/// Names no account has are counted in memory to lock them as accounts are locked: that memory stays within a fixed
/// number of names whatever an anonymous poster sends, and names no account can have are not kept at all.
/// </summary>
public sealed class UnknownNameMemoryTests(UnknownNameMemoryWeb memory) : IClassFixture<UnknownNameMemoryWeb>
{
    private const int Kept = UnknownNameMemoryWeb.Kept;

    private readonly RunningWeb _web = memory.Web;

    private UnknownUserLockouts Lockouts => _web.Services.GetRequiredService<UnknownUserLockouts>();

    [Theory]
    [InlineData(UserNames.MaxLength + 1)]
    [InlineData(SignInForm.MaxField - 1)]
    public async Task A_name_longer_than_any_user_name_is_answered_as_a_wrong_password_every_time_and_is_not_kept(int length)
    {
        var name = string.Concat(Enumerable.Repeat(Guid.NewGuid().ToString("N"), (length / 32) + 1))[..length];
        using var client = _web.CreateClient();
        var before = Lockouts.Count;

        var answers = new List<string>();
        for (var attempt = 0; attempt < StaffIdentity.MaxFailedSignIns + 1; attempt++)
        {
            using var answer = await client.SignInAsync(name, "Wrong-Passw0rd!");
            var html = await answer.Content.ReadAsStringAsync();
            answers.Add(answer.StatusCode == HttpStatusCode.OK && html.Contains("The name or the password is wrong", StringComparison.Ordinal) ? "wrong"
                : html.Contains("This account is locked", StringComparison.Ordinal) ? "locked" : $"{(int)answer.StatusCode}");
        }

        Assert.Equal(Enumerable.Repeat("wrong", StaffIdentity.MaxFailedSignIns + 1), answers);
        Assert.Equal(before, Lockouts.Count);
    }

    [Fact]
    public async Task A_password_longer_than_any_password_is_answered_as_a_wrong_one_even_for_a_user()
    {
        var name = await _web.CreateUserAsync(Roles.Staff);
        using var client = _web.CreateClient();

        using var answer = await client.SignInAsync(name, SigningIn.Password + new string('x', Passwords.MaxLength));

        Assert.Equal(HttpStatusCode.OK, answer.StatusCode);
        Assert.Contains("The name or the password is wrong", await answer.Content.ReadAsStringAsync());
    }

    [Fact]
    public async Task Endless_new_names_fill_the_memory_of_unknown_names_up_to_its_size_and_no_further()
    {
        using var client = _web.CreateClient();
        var counts = new List<int>();
        for (var i = 0; i < Kept * 3; i++)
        {
            (await client.SignInAsync($"nobody-{Guid.NewGuid():N}", "Wrong-Passw0rd!")).Dispose();
            counts.Add(Lockouts.Count);
        }

        Assert.InRange(counts.Max(), 1, Kept);
    }

    [Theory]
    [InlineData(2_000_000)]
    [InlineData(SignInForm.MaxField + 1)]
    public async Task A_post_of_a_name_past_the_forms_field_length_is_refused_with_400_and_nothing_is_kept(int length)
    {
        using var client = _web.CreateClient();
        var token = SigningIn.TokenIn(await client.GetStringAsync("/sign-in"));
        var before = Lockouts.Count;

        using var answer = await client.PostAsync("/sign-in", new FormUrlEncodedContent(new Dictionary<string, string>
        {
            ["Input.UserName"] = new string('a', length),
            ["Input.Password"] = "Wrong-Passw0rd!",
            [NoticePosting.TokenField] = token,
        }));

        Assert.Equal(HttpStatusCode.BadRequest, answer.StatusCode);
        Assert.Equal(before, Lockouts.Count);
    }
}
