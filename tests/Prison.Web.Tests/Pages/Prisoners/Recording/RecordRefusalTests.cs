using System.Net;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Prison.Db.Identity;
using Prison.Testing;

namespace Prison.Web.Tests.Pages.Prisoners.Recording;

/// <summary>
/// What the recording page does with what the record itself refuses, and with anything else thrown on the way to it.
/// The forms check everything the record would refuse, so these tests post to a second web host over the fixture's
/// database whose Required and StringLength checks are taken out (<see cref="WithoutRequiredAndLengthChecks"/>, a
/// test-only fault): a too long text then reaches the record, and a missing value reaches the form's own code.
/// </summary>
public sealed class RecordRefusalTests(ProductionFixture system) : IClassFixture<ProductionFixture>, IAsyncLifetime
{
    private const string Number = "A109";

    private readonly CapturedLogs _logs = new();

    private RunningWeb _web = null!;

    private HttpClient _client = null!;

    public async Task InitializeAsync()
    {
        _web = await RunningWeb.StartAsync(
            ServerArguments.For(system.Database, system.QueuePrefix, RunningWeb.InsecureCookies),
            system.Clock,
            services =>
            {
                services.Configure<MvcOptions>(options => options.ModelValidatorProviders.Add(new WithoutRequiredAndLengthChecks()));
                services.AddSingleton<ILoggerProvider>(_logs);
            });
        _client = await _web.SignedInClientAsync(Roles.Staff);
    }

    public async Task DisposeAsync()
    {
        _client.Dispose();
        await _web.DisposeAsync();
    }

    [Fact]
    public async Task A_refusal_by_the_record_itself_is_shown_as_not_saved_with_its_message_and_nothing_is_saved()
    {
        var before = await system.StoredAsync(Number);
        var (_, token) = await RecordPosting.OpenAsync(_client, Number, "segregation-start");
        var reason = new string('r', 501);

        using var response = await RecordPosting.PostAsync(_client, Number, "segregation-start", token, [new("Start", system.Today.ToString("yyyy-MM-dd")), new("Reason", reason)]);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        var html = await response.Content.ReadAsStringAsync();
        Assert.Equal("There is a problem Not saved: The text is longer than 500 characters (reason).", Html.TextOf(html, "div", "data-role=\"error-summary\""));
        Assert.Equal(reason, Html.InputValue(html, "Reason"));
        Assert.Equal(before, await system.StoredAsync(Number));
    }

    [Fact]
    public async Task Anything_else_thrown_on_the_way_to_the_record_is_a_server_error_logged_with_its_stack_not_a_message_to_staff()
    {
        var before = await system.StoredAsync(Number);
        var (_, token) = await RecordPosting.OpenAsync(_client, Number, "release");

        // No date: the form's own code reads the missing value (Date!.Value), a bug the Required check kept away.
        using var response = await RecordPosting.PostAsync(_client, Number, "release", token, [new("Date", string.Empty)]);

        Assert.Equal(HttpStatusCode.InternalServerError, response.StatusCode);
        Assert.DoesNotContain("Not saved", await response.Content.ReadAsStringAsync());
        Assert.Contains(_logs.Exceptions, e => e is InvalidOperationException && (e.StackTrace ?? string.Empty).Contains("Recording.Release.Apply", StringComparison.Ordinal));
        Assert.Equal(before, await system.StoredAsync(Number));
    }
}
