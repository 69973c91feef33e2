using System.Net;
using System.Security.Claims;
using Microsoft.AspNetCore.Authentication.Cookies;
using Microsoft.AspNetCore.Identity;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;
using Prison.Db.Identity;
using Prison.Web.SignIn;

namespace Prison.Web.Tests.SignIn;

/// <summary>Lockout, the idle session that polling does not keep alive, disabled users and signing out, on a clock the tests move.</summary>
public sealed class SessionTests(SignInFixture system) : IClassFixture<SignInFixture>
{
    /// <summary>What an open dashboard asks every few seconds (prison P1 is the fixture's).</summary>
    private const string Poll = "/api/prisons/P1/dashboard";

    [Fact]
    public async Task Five_wrong_passwords_lock_the_account_for_15_minutes_even_against_the_right_password()
    {
        var name = await system.Web.CreateUserAsync(Roles.Staff);
        using var client = system.Web.CreateClient();
        for (var attempt = 1; attempt <= 4; attempt++)
        {
            using var wrong = await client.SignInAsync(name, "Wrong-Passw0rd!");
            Assert.Equal(HttpStatusCode.OK, wrong.StatusCode);
            Assert.Contains("The name or the password is wrong", await wrong.Content.ReadAsStringAsync());
        }

        using var fifth = await client.SignInAsync(name, "Wrong-Passw0rd!");
        using var right = await client.SignInAsync(name, SigningIn.Password);

        Assert.Contains("This account is locked after 5 wrong passwords. Try again in 15 minutes", await fifth.Content.ReadAsStringAsync());
        Assert.Equal(HttpStatusCode.OK, right.StatusCode);
        Assert.Contains("This account is locked", await right.Content.ReadAsStringAsync());

        system.Clock.Advance(TimeSpan.FromMinutes(14));
        using var stillLocked = await client.SignInAsync(name, SigningIn.Password);
        Assert.Contains("This account is locked", await stillLocked.Content.ReadAsStringAsync());

        system.Clock.Advance(TimeSpan.FromMinutes(2));
        using var afterwards = await client.SignInAsync(name, SigningIn.Password);
        Assert.Equal(HttpStatusCode.Redirect, afterwards.StatusCode);
    }

    [Fact]
    public async Task A_name_no_account_has_gets_the_answers_an_account_gets_wrong_passwords_then_the_lockout_and_its_end()
    {
        var name = $"nobody-{Guid.NewGuid():N}"[..20];
        using var client = system.Web.CreateClient();
        var answers = new List<string>();
        for (var attempt = 1; attempt <= 5; attempt++)
        {
            using var wrong = await client.SignInAsync(name, "Wrong-Passw0rd!");
            var html = await wrong.Content.ReadAsStringAsync();
            answers.Add(html.Contains("This account is locked after 5 wrong passwords. Try again in 15 minutes", StringComparison.Ordinal) ? "locked"
                : html.Contains("The name or the password is wrong", StringComparison.Ordinal) ? "wrong" : html);
        }

        system.Clock.Advance(TimeSpan.FromMinutes(14));
        using var stillLocked = await client.SignInAsync(name, "Wrong-Passw0rd!");
        system.Clock.Advance(TimeSpan.FromMinutes(2));
        using var afterwards = await client.SignInAsync(name, "Wrong-Passw0rd!");

        Assert.Equal(["wrong", "wrong", "wrong", "wrong", "locked"], answers);
        Assert.Contains("This account is locked", await stillLocked.Content.ReadAsStringAsync());
        Assert.Contains("The name or the password is wrong", await afterwards.Content.ReadAsStringAsync());
    }

    [Fact]
    public async Task A_rejected_sign_in_keeps_the_name_and_says_why_next_to_an_empty_field()
    {
        using var client = system.Web.CreateClient();

        using var response = await client.SignInAsync("someone", string.Empty);

        var html = await response.Content.ReadAsStringAsync();
        Assert.Equal("someone", Html.InputValue(html, "Input.UserName"));
        Assert.Equal("Enter your password.", Html.TextById(html, "password-error"));
    }

    [Fact]
    public async Task The_dashboard_poll_does_not_extend_an_idle_session_which_ends_after_30_minutes()
    {
        var cookies = new CookieContainer();
        using var client = system.Web.CreateClient(cookies);
        (await client.SignInAsync(await system.Web.CreateUserAsync(Roles.Staff), SigningIn.Password)).Dispose();
        var session = Session(cookies);
        for (var minute = 4; minute <= 28; minute += 4)
        {
            system.Clock.Advance(TimeSpan.FromMinutes(4));
            using var polled = await client.GetAsync(Poll);
            Assert.True(polled.StatusCode == HttpStatusCode.OK, $"the poll at minute {minute} answered {polled.StatusCode}");
            Assert.True(session == Session(cookies), $"the poll at minute {minute} renewed the session cookie");
        }

        system.Clock.Advance(TimeSpan.FromMinutes(3));
        using var expiredPoll = await client.GetAsync(Poll);
        using var page = await client.GetAsync("/");

        Assert.Equal(HttpStatusCode.Unauthorized, expiredPoll.StatusCode);
        Assert.Equal(HttpStatusCode.Redirect, page.StatusCode);
        Assert.Equal("/sign-in", page.Headers.Location?.AbsolutePath);
    }

    [Fact]
    public async Task Opening_pages_keeps_a_session_going_past_30_minutes()
    {
        var cookies = new CookieContainer();
        using var client = system.Web.CreateClient(cookies);
        (await client.SignInAsync(await system.Web.CreateUserAsync(Roles.Staff), SigningIn.Password)).Dispose();

        foreach (var _ in Enumerable.Range(0, 3))
        {
            var session = Session(cookies);
            system.Clock.Advance(TimeSpan.FromMinutes(20));
            using var page = await client.GetAsync("/");
            Assert.Equal(HttpStatusCode.OK, page.StatusCode);
            Assert.NotEqual(session, Session(cookies));
        }
    }

    [Fact]
    public async Task A_longer_idle_time_keeps_a_wall_screen_signed_in_through_its_polls_for_that_long_and_no_longer()
    {
        await using var wallWeb = await RunningWeb.StartAsync(system.Database, ServerArguments.NewQueuePrefix(), system.Clock, "--SignIn:IdleTimeout=08:00:00");
        using var screen = wallWeb.CreateClient(new CookieContainer());
        (await screen.SignInAsync(await wallWeb.CreateUserAsync(Roles.Staff), SigningIn.Password)).Dispose();

        // Seven hours and a half of a dashboard polling on a wall, no page opened.
        for (var hour = 0; hour < 15; hour++)
        {
            system.Clock.Advance(TimeSpan.FromMinutes(30));
            using var poll = await screen.GetAsync("/api/prisons/P1/dashboard?since=1.x");
            Assert.NotEqual(HttpStatusCode.Unauthorized, poll.StatusCode);
        }

        system.Clock.Advance(TimeSpan.FromMinutes(31));
        using var afterEightHours = await screen.GetAsync("/api/prisons/P1/dashboard?since=1.x");
        Assert.Equal(HttpStatusCode.Unauthorized, afterEightHours.StatusCode);
    }

    [Theory]
    [InlineData("a shift")]
    [InlineData("00:04:59")]
    [InlineData("08:00:01")]
    [InlineData("12:00:00")]
    public void An_idle_time_that_is_not_from_five_minutes_to_eight_hours_stops_the_start_with_a_sentence(string configured)
    {
        var configuration = new ConfigurationBuilder()
            .AddInMemoryCollection([new(SessionIdleTime.Key, configured)]).Build();

        var refused = Assert.Throws<Prison.ServiceDefaults.StartupException>(() => SessionIdleTime.From(configuration, SessionLifetime.From(configuration)));

        Assert.Equal($"SignIn:IdleTimeout is '{configured}'; it must be a time span from 00:05:00 to 08:00:00, such as 00:30:00.", refused.Message);
    }

    [Fact]
    public void An_idle_time_longer_than_the_sessions_lifetime_stops_the_start_with_a_sentence()
    {
        var configuration = new ConfigurationBuilder()
            .AddInMemoryCollection([new(SessionIdleTime.Key, "04:00:00"), new(SessionLifetime.Key, "02:00:00")]).Build();

        var refused = Assert.Throws<Prison.ServiceDefaults.StartupException>(() => SessionIdleTime.From(configuration, SessionLifetime.From(configuration)));

        Assert.Equal("SignIn:IdleTimeout is '04:00:00', longer than a session lasts (SignIn:AbsoluteLifetime, 02:00:00): make it shorter, or the lifetime longer.", refused.Message);
    }

    [Theory]
    [InlineData("a day")]
    [InlineData("00:29:59")]
    [InlineData("12:00:01")]
    public void A_lifetime_that_is_not_from_half_an_hour_to_twelve_hours_stops_the_start_with_a_sentence(string configured)
    {
        var configuration = new ConfigurationBuilder().AddInMemoryCollection([new(SessionLifetime.Key, configured)]).Build();

        var refused = Assert.Throws<Prison.ServiceDefaults.StartupException>(() => SessionLifetime.From(configuration));

        Assert.Equal($"SignIn:AbsoluteLifetime is '{configured}'; it must be a time span from 00:30:00 to 12:00:00, such as 12:00:00.", refused.Message);
    }

    [Fact]
    public async Task However_busy_a_session_ends_twelve_hours_after_its_sign_in_and_signs_in_again()
    {
        var name = await system.Web.CreateUserAsync(Roles.Staff);
        using var client = await system.Web.ClientSignedInAsAsync(name);
        var answers = new List<string>();
        for (var elapsed = TimeSpan.FromMinutes(25); elapsed < TimeSpan.FromHours(12); elapsed += TimeSpan.FromMinutes(25))
        {
            system.Clock.Advance(TimeSpan.FromMinutes(25));
            using var page = await client.GetAsync("/");
            answers.Add(page.StatusCode == HttpStatusCode.OK ? "open" : $"{(int)page.StatusCode} {page.Headers.Location}");
        }

        system.Clock.Advance(TimeSpan.FromHours(12) - TimeSpan.FromMinutes(25 * answers.Count));
        using var atTwelveHours = await client.GetAsync("/");
        using var poll = await client.GetAsync(Poll);
        using var again = await system.Web.CreateClient().SignInAsync(name, SigningIn.Password);

        Assert.All(answers, answer => Assert.Equal("open", answer));
        Assert.Equal("/sign-in", atTwelveHours.Headers.Location?.AbsolutePath);
        Assert.Equal(HttpStatusCode.Unauthorized, poll.StatusCode);
        Assert.Equal(HttpStatusCode.Redirect, again.StatusCode);
    }

    [Fact]
    public async Task A_shorter_lifetime_ends_a_busy_session_that_long_after_its_sign_in_even_past_its_stamp_checks()
    {
        await using var web = await RunningWeb.StartAsync(system.Database, ServerArguments.NewQueuePrefix(), system.Clock, $"--{SessionLifetime.Key}=01:00:00");
        using var client = await web.ClientSignedInAsAsync(await web.CreateUserAsync(Roles.Staff));

        system.Clock.Advance(TimeSpan.FromMinutes(20));
        using var at20 = await client.GetAsync("/");
        system.Clock.Advance(TimeSpan.FromMinutes(20));
        using var at40 = await client.GetAsync("/");
        system.Clock.Advance(TimeSpan.FromMinutes(19));
        using var at59 = await client.GetAsync("/");
        system.Clock.Advance(TimeSpan.FromMinutes(1));
        using var at60 = await client.GetAsync("/");

        Assert.Equal([HttpStatusCode.OK, HttpStatusCode.OK, HttpStatusCode.OK], new[] { at20.StatusCode, at40.StatusCode, at59.StatusCode });
        Assert.Equal("/sign-in", at60.Headers.Location?.AbsolutePath);
    }

    private string Session(CookieContainer cookies) =>
        cookies.GetCookies(system.Web.Address)["prison.session"]?.Value ?? throw new InvalidOperationException("No session cookie.");

    [Fact]
    public async Task A_disabled_user_cannot_sign_in_and_their_open_session_ends_within_seconds_without_waiting_for_the_stamp_check()
    {
        var name = await system.Web.CreateUserAsync(Roles.Staff);
        using var open = system.Web.CreateClient();
        using (var signedIn = await open.SignInAsync(name, SigningIn.Password))
        {
            Assert.Equal(HttpStatusCode.Redirect, signedIn.StatusCode);
        }

        await using (var scope = system.Web.Services.CreateAsyncScope())
        {
            await scope.ServiceProvider.GetRequiredService<StaffAccounts>().DisableAsync(name);
        }

        using var another = system.Web.CreateClient();
        using var refused = await another.SignInAsync(name, SigningIn.Password);
        Assert.Equal(HttpStatusCode.OK, refused.StatusCode);
        Assert.Contains("or the account is disabled", await refused.Content.ReadAsStringAsync());

        // The clock stands still: no stamp check comes; the ended session is read from the database.
        var ended = await Eventually.Async(
            async () => (await open.GetAsync("/")).Headers.Location?.AbsolutePath, path => path == "/sign-in", "the disabled user's session to end", TimeSpan.FromSeconds(10));
        Assert.Equal("/sign-in", ended);
    }

    [Fact]
    public async Task Signing_out_ends_the_session()
    {
        using var client = await system.Web.SignedInClientAsync(Roles.Staff);
        var token = SigningIn.TokenIn(await client.GetStringAsync("/sign-out"));

        using var signedOut = await client.PostAsync("/sign-out", new FormUrlEncodedContent([new(NoticePosting.TokenField, token)]));
        using var page = await client.GetAsync("/");

        Assert.Equal("/sign-in", signedOut.Headers.Location?.OriginalString);
        Assert.Equal("/sign-in", page.Headers.Location?.AbsolutePath);
    }

    [Fact]
    public async Task A_copy_of_the_session_cookie_is_refused_on_its_next_request_after_sign_out_on_this_instance_at_once_and_on_another_within_seconds()
    {
        await using var other = await RunningWeb.StartAsync(system.Database, ServerArguments.NewQueuePrefix(), system.Clock);
        var cookies = new CookieContainer();
        using var client = system.Web.CreateClient(cookies);
        (await client.SignInAsync(await system.Web.CreateUserAsync(Roles.Staff), SigningIn.Password)).Dispose();
        using var copyHere = CopyOfSession(system.Web, Session(cookies));
        using var copyThere = CopyOfSession(other, Session(cookies));
        using (var before = await copyThere.GetAsync("/"))
        {
            Assert.Equal(HttpStatusCode.OK, before.StatusCode);
        }

        var token = SigningIn.TokenIn(await client.GetStringAsync("/sign-out"));
        (await client.PostAsync("/sign-out", new FormUrlEncodedContent([new(NoticePosting.TokenField, token)]))).Dispose();
        using var page = await copyHere.GetAsync("/prisons/P1");
        using var poll = await copyHere.GetAsync(Poll);
        var there = await Eventually.Async(
            async () => (await copyThere.GetAsync(Poll)).StatusCode, status => status == HttpStatusCode.Unauthorized, "the other instance to refuse the copy", TimeSpan.FromSeconds(10));

        Assert.Equal("/sign-in", page.Headers.Location?.AbsolutePath);
        Assert.Equal(HttpStatusCode.Unauthorized, poll.StatusCode);
        Assert.Equal(HttpStatusCode.Unauthorized, there);
    }

    [Fact]
    public async Task Signing_out_in_one_browser_leaves_the_same_users_session_in_another_open()
    {
        var name = await system.Web.CreateUserAsync(Roles.Staff);
        using var first = system.Web.CreateClient();
        using var second = system.Web.CreateClient();
        (await first.SignInAsync(name, SigningIn.Password)).Dispose();
        (await second.SignInAsync(name, SigningIn.Password)).Dispose();

        var token = SigningIn.TokenIn(await first.GetStringAsync("/sign-out"));
        (await first.PostAsync("/sign-out", new FormUrlEncodedContent([new(NoticePosting.TokenField, token)]))).Dispose();
        using var page = await second.GetAsync("/");

        Assert.Equal(HttpStatusCode.OK, page.StatusCode);
    }

    /// <summary>
    /// A cookie signed in before the prisons were kept in sessions carries none of their claims, and such a session
    /// reaches nothing (PrisonScope fails closed): rather than wait for the next stamp check, it is given the user's
    /// prisons on its next request, and the renewed cookie carries them.
    /// </summary>
    [Fact]
    public async Task A_session_from_before_prisons_were_kept_in_it_is_given_the_users_prisons_on_its_next_request()
    {
        var name = await system.Web.CreateUserOfPrisonsAsync(["P1"], Roles.Staff);
        var cookies = new CookieContainer();
        using (var client = system.Web.CreateClient(cookies))
        {
            using var signedIn = await client.SignInAsync(name, SigningIn.Password);
            Assert.Equal(HttpStatusCode.Redirect, signedIn.StatusCode);
        }

        var tickets = system.Web.Services.GetRequiredService<IOptionsMonitor<CookieAuthenticationOptions>>().Get(IdentityConstants.ApplicationScheme).TicketDataFormat;
        var ticket = tickets.Unprotect(Session(cookies))!;
        var identity = (ClaimsIdentity)ticket.Principal.Identity!;
        foreach (var prisonClaim in identity.FindAll(c => c.Type is PrisonScope.AllPrisonsClaim or PrisonScope.PrisonClaim).ToList())
        {
            identity.RemoveClaim(prisonClaim);
        }

        var old = new CookieContainer();
        old.Add(system.Web.Address, new Cookie("prison.session", tickets.Protect(ticket)));
        using var fromBefore = system.Web.CreateClient(old);
        using var dashboard = await fromBefore.GetAsync("/prisons/P1");

        Assert.Equal(HttpStatusCode.OK, dashboard.StatusCode);
        var renewedTicket = tickets.Unprotect(Session(old))!;
        var renewed = renewedTicket.Principal;
        Assert.Equal(ticket.Properties.ExpiresUtc - ticket.Properties.IssuedUtc, renewedTicket.Properties.ExpiresUtc - renewedTicket.Properties.IssuedUtc);
        Assert.Equal(["false"], renewed.FindAll(PrisonScope.AllPrisonsClaim).Select(c => c.Value));
        Assert.Single(renewed.FindAll(PrisonScope.PrisonClaim));
        Assert.Equal(SessionClaim.Of(ticket.Principal), SessionClaim.Of(renewed));
    }

    /// <summary>A client that sends only a copy of the session cookie, as someone who took it from a browser would.</summary>
    private static HttpClient CopyOfSession(RunningWeb web, string session)
    {
        var cookies = new CookieContainer();
        cookies.Add(web.Address, new Cookie("prison.session", session));
        return web.CreateClient(cookies);
    }

    [Fact]
    public async Task Opening_the_sign_out_page_asks_and_keeps_the_session()
    {
        using var client = await system.Web.SignedInClientAsync(Roles.Staff);

        var asked = await client.GetStringAsync("/sign-out");
        using var page = await client.GetAsync("/");

        Assert.Contains("<form method=\"post\"", asked);
        Assert.Equal(HttpStatusCode.OK, page.StatusCode);
    }

    [Fact]
    public async Task The_header_links_to_sign_out_without_an_antiforgery_token_on_every_page()
    {
        using var client = await system.Web.SignedInClientAsync(Roles.Staff);

        var home = await client.GetStringAsync("/");

        Assert.Contains("href=\"/sign-out\"", home);
        Assert.DoesNotContain(NoticePosting.TokenField, home);
    }
}
