import { BarChart, LineChart, ScatterChart } from 'echarts/charts';
import { AxisPointerComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';

// Only the pieces the report's charts and the price history draw, so the lazily loaded chunk stays small.
echarts.use([
  BarChart,
  LineChart,
  ScatterChart,
  GridComponent,
  LegendComponent,
  AxisPointerComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export interface EChartsViewProps {
  option: echarts.EChartsCoreOption;
  /** A click on a data item (a bar), by its index in the series. */
  onItemClick?: (index: number) => void;
  height: number;
}

/** One ECharts canvas; loaded on demand by the report's charts panel and the price history. */
export default function EChartsView({ option, onItemClick, height }: EChartsViewProps) {
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={option}
      notMerge
      style={{ height, width: '100%' }}
      onEvents={onItemClick ? { click: (p: { dataIndex: number }) => onItemClick(p.dataIndex) } : undefined}
    />
  );
}
