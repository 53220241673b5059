package org.gsssp.bench;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The paper figures as PNG, drawn by JFreeChart without a display. Touch this class only after
 * {@link ReportWriter#chartsAvailable()}: loading it needs java.desktop.
 */
public final class Plots {
    static final int WIDTH = 900;
    static final int HEIGHT = 600;

    private Plots() {}

    private static void headless() {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    /**
     * Figure 8: one point per graph, speedup against the graph's average out-degree, y on a log scale, one
     * series per comparison, with a line at speedup 1.
     */
    public static void speedupVsDegree(Map<String, List<Comparison.Point>> series, String title, Path png)
            throws IOException {
        headless();
        XYSeriesCollection data = new XYSeriesCollection();
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        for (Map.Entry<String, List<Comparison.Point>> e : series.entrySet()) {
            XYSeries s = new XYSeries(e.getKey(), false, true);
            for (Comparison.Point p : e.getValue()) {
                s.add(p.averageDegree(), p.value());
                min = Math.min(min, p.value());
                max = Math.max(max, p.value());
            }
            data.addSeries(s);
        }
        JFreeChart chart = ChartFactory.createScatterPlot(title, "average out-degree", "speedup", data,
                PlotOrientation.VERTICAL, true, false, false);
        XYPlot plot = chart.getXYPlot();
        LogAxis y = new LogAxis("speedup (log scale)");
        y.setBase(10);
        y.setSmallestValue(1e-4);
        // ticks at powers of ten, written as plain numbers (0.1, 1, 10) rather than 10^-1.6
        y.setStandardTickUnits(NumberAxis.createIntegerTickUnits(Locale.ROOT));   // units are exponents
        y.setNumberFormatOverride(new DecimalFormat("0.####", DecimalFormatSymbols.getInstance(Locale.ROOT)));
        if (max > 0) {
            // keep 1 in view so the marker always shows who wins
            y.setRange(Math.min(min, 1) / 1.5, Math.max(max, 1) * 1.5);
        }
        plot.setRangeAxis(y);
        ValueMarker one = new ValueMarker(1.0, Color.GRAY, new BasicStroke(1.0f));
        plot.addRangeMarker(one);
        style(plot);
        ChartUtils.saveChartAsPNG(png.toFile(), chart, WIDTH, HEIGHT);
    }

    /**
     * Figures 11–15: work processed against time (µs) during one query, one line per algorithm.
     */
    public static void trace(Map<String, Trace> traces, String title, Path png) throws IOException {
        headless();
        XYSeriesCollection data = new XYSeriesCollection();
        for (Map.Entry<String, Trace> e : traces.entrySet()) {
            XYSeries s = new XYSeries(e.getKey(), false, true);
            for (Trace.Point p : e.getValue().points()) {
                s.add(p.timeUs(), p.work());
            }
            data.addSeries(s);
        }
        JFreeChart chart = ChartFactory.createXYLineChart(title, "time (µs)", "work in flight (vertices)", data,
                PlotOrientation.VERTICAL, true, false, false);
        style(chart.getXYPlot());
        ChartUtils.saveChartAsPNG(png.toFile(), chart, WIDTH, HEIGHT);
    }

    private static void style(XYPlot plot) {
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    }
}
