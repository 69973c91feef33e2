using System.Diagnostics;
using System.Diagnostics.Metrics;
using System.Net;
using System.Net.Sockets;
using System.Text.RegularExpressions;
using Microsoft.Extensions.DependencyInjection;
using OpenTelemetry;
using OpenTelemetry.Metrics;
using Prison.Testing;
using Prison.ServiceDefaults.Telemetry;
using YamlDotNet.RepresentationModel;

namespace Prison.Worker.Tests.Hosting;

/// <summary>
/// deploy/prometheus-alerts.yml, the alert rules the runbook ships: Prometheus's own checker accepts them, they fire
/// on the readings they are meant for, and they name only series the product's metrics exporter really serves.
/// </summary>
public sealed partial class AlertRulesTests
{
    private static readonly string Rules = Path.Combine(Repository.Root(), "deploy", "prometheus-alerts.yml");

    /// <summary>PromQL's own words in the rules: aggregations, functions, keywords and the labels they group by.</summary>
    private static readonly HashSet<string> PromQlWords = ["max", "min", "sum", "by", "or", "and", "time", "rate", "histogram_quantile", "absent", "le", "queue", "exported_job"];

    [Fact]
    public async Task Promtool_accepts_the_alert_rules_and_the_Prometheus_configuration_that_loads_them()
    {
        var rules = await PromtoolAsync("check", "rules", Rules);
        var configuration = await PromtoolAsync("check", "config", Path.Combine(Repository.Root(), "deploy", "prometheus.yml"));

        Assert.True(rules.ExitCode == 0, rules.Output);
        Assert.True(configuration.ExitCode == 0, configuration.Output);
    }

    [Fact]
    public async Task Each_alert_fires_on_the_readings_it_is_meant_for_and_not_on_a_healthy_installation()
    {
        var folder = Directory.CreateTempSubdirectory("prison-alerts-");
        try
        {
            var test = Path.Combine(folder.FullName, "alerts.test.yml");
            await File.WriteAllTextAsync(test, UnitTests.Replace("RULES", Rules, StringComparison.Ordinal));

            var run = await PromtoolAsync("test", "rules", test);

            Assert.True(run.ExitCode == 0, run.Output);
        }
        finally
        {
            folder.Delete(recursive: true);
        }
    }

    [Fact]
    public async Task The_alert_rules_name_only_series_the_products_metrics_exporter_serves()
    {
        var exported = await ExportedSeriesAsync();
        var named = RuleExpressions()
            .SelectMany(expression => Identifier().Matches(Regex.Replace(expression, @"\{[^}]*\}|by \([^)]*\)|\[[^\]]*\]|""[^""]*""", " ")).Select(m => m.Value))
            .Where(word => !PromQlWords.Contains(word))
            .Distinct()
            .ToList();

        Assert.NotEmpty(named);
        Assert.Equal([], named.Where(name => !exported.Contains(name)));
    }

    private static List<string> RuleExpressions()
    {
        using var reader = new StreamReader(Rules);
        var stream = new YamlStream();
        stream.Load(reader);
        var groups = (YamlSequenceNode)((YamlMappingNode)stream.Documents[0].RootNode)["groups"];
        return [.. groups.Children
            .SelectMany(group => ((YamlSequenceNode)((YamlMappingNode)group)["rules"]).Children)
            .Select(rule => ((YamlScalarNode)((YamlMappingNode)rule)["expr"]).Value!)];
    }

    /// <summary>
    /// The series names the worker's metrics come out under, read from OpenTelemetry's Prometheus exporter itself with
    /// every gauge given a reading, so that no name is derived here by hand.
    /// </summary>
    private static async Task<HashSet<string>> ExportedSeriesAsync()
    {
        int port;
        using (var probe = new TcpListener(IPAddress.Loopback, 0))
        {
            probe.Start();
            port = ((IPEndPoint)probe.LocalEndpoint).Port;
        }

        using var provider = Sdk.CreateMeterProviderBuilder()
            .AddMeter(PrisonTelemetry.Name)
            .AddPrometheusHttpListener(listener =>
            {
                listener.Host = "127.0.0.1";
                listener.Port = port;
            })
            .Build();
        await using var services = new ServiceCollection().AddMetrics().BuildServiceProvider();
        var metrics = new PrisonMetrics(services.GetRequiredService<IMeterFactory>())
        {
            Sample = new PrisonSample(
                1, 30, 1, new Dictionary<string, uint> { ["prisoner-changed_error"] = 0 }, new RunSample(10, 5, 0),
                [new JobSample("unknown-sweeper", LastSucceeded: true, LastRunUnixSeconds: 1_700_000_000, FailedRuns: 0)],
                UnrelayedEvents: 1,
                OldestUnrelayedSeconds: 30),
        };
        metrics.CommitToVerdict(TimeSpan.FromMilliseconds(5));
        metrics.VerdictsWritten(1);

        using var http = new HttpClient();
        var text = await http.GetStringAsync(new Uri($"http://127.0.0.1:{port}/metrics"));
        return [.. text.Split('\n').Where(line => line.Length > 0 && !line.StartsWith('#')).Select(line => Identifier().Match(line).Value)];
    }

    private static async Task<(int ExitCode, string Output)> PromtoolAsync(params string[] arguments)
    {
        var promtool = Path.Combine(Path.GetDirectoryName(TestServers.Prometheus)!, "promtool");
        Assert.True(File.Exists(promtool), $"promtool is not beside {TestServers.Prometheus} (Debian's prometheus package installs both).");
        var start = new ProcessStartInfo(promtool) { RedirectStandardOutput = true, RedirectStandardError = true };
        arguments.ToList().ForEach(start.ArgumentList.Add);
        using var process = Process.Start(start)!;
        var output = process.StandardOutput.ReadToEndAsync();
        var error = process.StandardError.ReadToEndAsync();
        await process.WaitForExitAsync();
        return (process.ExitCode, await output + await error);
    }

    [GeneratedRegex(@"[a-zA-Z_:][a-zA-Z0-9_:]*")]
    private static partial Regex Identifier();

    /// <summary>promtool's unit tests of the rules: series over time, and the alerts expected at given moments.</summary>
    private const string UnitTests = """
        rule_files:
          - RULES
        evaluation_interval: 1m
        tests:
          - interval: 1m
            input_series:
              - series: 'prison_prisoners_unknown{job="worker",instance="a"}'
                values: '0x20'
              - series: 'prison_prisoners_unknown_oldest_age_seconds{job="worker",instance="a"}'
                values: '0+60x20'
              - series: 'prison_error_queue_messages{job="worker",instance="a",queue="prisoner-changed_error"}'
                values: '0 0 0 2x17'
              - series: 'prison_error_queue_messages{job="worker",instance="a",queue="reevaluate-range_error"}'
                values: '0x20'
              - series: 'prison_events_unrelayed_oldest_age_seconds{job="worker",instance="a"}'
                values: '0 0 0+60x18'
            alert_rule_test:
              - eval_time: 5m
                alertname: EventsNotRelayed
                exp_alerts: []
              - eval_time: 15m
                alertname: EventsNotRelayed
                exp_alerts:
                  - exp_labels:
                      severity: warning
                    exp_annotations:
                      summary: "An event has waited 13m 0s to be relayed"
                      description: "The other systems are not told of changes. Check RabbitMQ and the workers' event-relay health and logs (docs/operations.md, \"Metrics and alerts\"); no event is lost meanwhile."
              - eval_time: 5m
                alertname: PrisonerUnknownTooLong
                exp_alerts: []
              - eval_time: 20m
                alertname: PrisonerUnknownTooLong
                exp_alerts:
                  - exp_labels:
                      severity: critical
                    exp_annotations:
                      summary: "A prisoner has been Unknown for 20m 0s"
                      description: "Verdicts are not being stored. Check that workers run (docker compose ps), that RabbitMQ is up, and the workers' logs; then `worker verify`."
              - eval_time: 2m
                alertname: ErrorQueueNotEmpty
                exp_alerts: []
              - eval_time: 10m
                alertname: ErrorQueueNotEmpty
                exp_alerts:
                  - exp_labels:
                      severity: warning
                      queue: prisoner-changed_error
                    exp_annotations:
                      summary: "2 messages in prisoner-changed_error"
                      description: "Messages failed after their retries. Read their fault headers, fix the cause, move them back (docs/operations.md, \"Error queues\")."
              - eval_time: 20m
                alertname: NoWorkerReports
                exp_alerts: []
          - interval: 1m
            input_series:
              - series: 'prison_job_last_run_succeeded{job="worker",exported_job="due-reevaluation",instance="a"}'
                values: '1 1 1 0x10'
              - series: 'prison_job_failed_runs{job="worker",exported_job="due-reevaluation",instance="a"}'
                values: '0x13'
              - series: 'prison_job_last_run_time_seconds{job="worker",exported_job="due-reevaluation",instance="a"}'
                values: '0x30'
              - series: 'prison_commit_to_verdict_seconds_bucket{le="1",instance="a"}'
                values: '0+10x30'
              - series: 'prison_commit_to_verdict_seconds_bucket{le="10",instance="a"}'
                values: '0+100x30'
              - series: 'prison_commit_to_verdict_seconds_bucket{le="+Inf",instance="a"}'
                values: '0+100x30'
            alert_rule_test:
              - eval_time: 2m
                alertname: ScheduledJobFailed
                exp_alerts: []
              - eval_time: 6m
                alertname: ScheduledJobFailed
                exp_alerts:
                  - exp_labels:
                      severity: warning
                      exported_job: due-reevaluation
                    exp_annotations:
                      summary: "Scheduled job due-reevaluation failed"
                      description: "See the failed run and its exception on /operations/jobs (Operator role), fix the cause, retry or delete it."
              - eval_time: 20m
                alertname: MinuteJobNotRunning
                exp_alerts:
                  - exp_labels:
                      severity: warning
                      exported_job: due-reevaluation
                    exp_annotations:
                      summary: "Scheduled job due-reevaluation has not run for 20m 0s"
                      description: "No worker's Hangfire server runs the jobs: check /operations/jobs, Servers, and the workers' logs."
              - eval_time: 20m
                alertname: CommitToVerdictSlow
                exp_alerts:
                  - exp_labels:
                      severity: warning
                    exp_annotations:
                      summary: "99th percentile from a change to its verdict is 9.9s"
                      description: "Workers fall behind: look at the database's and the workers' CPU, and consider more workers (docs/operations.md, \"Scaling\")."
              - eval_time: 20m
                alertname: NoWorkerReports
                exp_alerts:
                  - exp_annotations:
                      summary: "No worker reports the prisoners' state"
                      description: "No verdict is being computed and no scheduled job runs. Check the workers and the database."
                    exp_labels:
                      severity: critical
        """;
}
